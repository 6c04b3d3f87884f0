import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LiveRating } from './live-rating';

/** After the call: back to the call, and back to the list (signed in) or a thank-you and a rating. */
export function CallEnded({
  signedIn,
  roomId,
  code,
  onBackToCall,
}: {
  signedIn: boolean;
  roomId: string;
  code: string | null;
  onBackToCall: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {signedIn ? t('rooms.ended.title') : t('rooms.ended.thanks')}
      </Typography>
      {!signedIn && code && <LiveRating roomId={roomId} code={code} />}
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={onBackToCall}>
          {t('rooms.ended.backToCall')}
        </Button>
        {signedIn && (
          <Button variant="contained" onClick={() => navigate('/videos/live/rooms')}>
            {t('rooms.ended.backToList')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
