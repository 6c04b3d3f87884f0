import { RATING_COMMENT_MAX } from '@forecourt/contracts/player-media';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { postLiveScoring } from './live-api';

/** A visitor rates the call: score (send waits for it) and an optional comment up to 255 characters. */
export function LiveRating({ roomId, code }: { roomId: string; code: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const send = useMutation({
    mutationFn: () => postLiveScoring({ id_live_video: roomId, code, score, comment: comment.trim() || undefined }),
    onSuccess: () => snackbar.show('api.ratingSuccess', 'success'),
    onError: () => snackbar.show('api.ratingError'),
  });
  if (send.isSuccess) return <Typography role="status">{t('rooms.ended.rated')}</Typography>;
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ width: '100%', maxWidth: 420 }}
      onSubmit={(e) => (e.preventDefault(), send.mutate())}
      aria-labelledby="live-rating-title"
    >
      <Typography id="live-rating-title" variant="h6" component="h2">
        {t('rooms.ended.rateTitle')}
      </Typography>
      <Rating
        name="live-score"
        value={score}
        onChange={(_e, v) => setScore(v ?? 0)}
        size="large"
        getLabelText={(v) => t('publicPlayer.rating.scoreLabel', { count: v })}
      />
      <TextField
        label={t('rooms.ended.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value.slice(0, RATING_COMMENT_MAX))}
        multiline
        minRows={3}
        helperText={`${comment.length}/${RATING_COMMENT_MAX}`}
        slotProps={{ htmlInput: { maxLength: RATING_COMMENT_MAX } }}
      />
      <Button type="submit" variant="contained" disabled={score === 0} loading={send.isPending}>
        {t('common.send')}
      </Button>
    </Stack>
  );
}
