import { RATING_COMMENT_MAX } from '@forecourt/contracts/player-media';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { postScoring } from './player-api';

/** The block hides this long after a successful vote (spec section 9). */
export const RATING_HIDE_DELAY_MS = 500;

/** A visitor rates the player: a score, an optional comment; send waits for a score. */
export function RatingBlock({ playerRef }: { playerRef: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [hidden, setHidden] = useState(false);
  const commentId = useId();
  const send = useMutation({
    mutationFn: () => postScoring({ ref: playerRef, score, comment: comment.trim() || undefined }),
    onSuccess: () => snackbar.show('api.ratingSuccess', 'success'),
    onError: () => snackbar.show('api.ratingError'),
  });

  useEffect(() => {
    if (!send.isSuccess) return;
    const timer = window.setTimeout(() => setHidden(true), RATING_HIDE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [send.isSuccess]);

  if (hidden) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="player-rating-title"
      variant="outlined"
      data-testid="rating-block"
      sx={{ p: 2 }}
    >
      <Typography id="player-rating-title" variant="h6" component="h2" gutterBottom>
        {t('publicPlayer.rating.title')}
      </Typography>
      <Rating
        name="player-score"
        value={score || null}
        onChange={(_e, value) => setScore(value ?? 0)}
        size="large"
        disabled={send.isPending || send.isSuccess}
        getLabelText={(value) => t('publicPlayer.rating.scoreLabel', { count: value })}
      />
      {/* The parts of a TextField without its select machinery: the player route stays light. */}
      <FormControl fullWidth margin="normal" disabled={send.isPending || send.isSuccess}>
        <InputLabel htmlFor={commentId}>{t('publicPlayer.rating.comment')}</InputLabel>
        <OutlinedInput
          id={commentId}
          label={t('publicPlayer.rating.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value.slice(0, RATING_COMMENT_MAX))}
          multiline
          rows={3}
          inputProps={{ maxLength: RATING_COMMENT_MAX, 'aria-describedby': `${commentId}-count` }}
        />
        <FormHelperText id={`${commentId}-count`}>{`${comment.length}/${RATING_COMMENT_MAX}`}</FormHelperText>
      </FormControl>
      <Button
        variant="contained"
        onClick={() => send.mutate()}
        disabled={score === 0 || send.isPending || send.isSuccess}
      >
        {t('publicPlayer.rating.send')}
      </Button>
    </Paper>
  );
}
