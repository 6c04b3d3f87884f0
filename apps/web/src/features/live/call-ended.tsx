import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LiveRating } from './live-rating';

/**
 * After the call: back to the call, and back to the list (signed in) or a thank-you and a rating. The room's
 * dealer (`onEndForAll`) may also end the meeting for those still in it, after confirming: it cannot be undone.
 */
export function CallEnded({
  signedIn,
  roomId,
  code,
  onBackToCall,
  onEndForAll,
}: {
  signedIn: boolean;
  roomId: string;
  code: string | null;
  onBackToCall: () => void;
  /** Ends the room for everyone; rejects when the server refused (the dialog stays, with the error). */
  onEndForAll?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [failed, setFailed] = useState(false);
  const end = async () => {
    if (!onEndForAll) return;
    setEnding(true);
    setFailed(false);
    try {
      await onEndForAll();
      setConfirming(false);
    } catch {
      setFailed(true);
    } finally {
      setEnding(false);
    }
  };
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', p: 4, textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {signedIn ? t('rooms.ended.title') : t('rooms.ended.thanks')}
      </Typography>
      {!signedIn && code && <LiveRating roomId={roomId} code={code} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="outlined" onClick={onBackToCall}>
          {t('rooms.ended.backToCall')}
        </Button>
        {signedIn && (
          <Button variant="contained" onClick={() => navigate('/videos/live/rooms')}>
            {t('rooms.ended.backToList')}
          </Button>
        )}
      </Stack>
      {onEndForAll && (
        <Button color="error" onClick={() => setConfirming(true)}>
          {t('rooms.endForAll.button')}
        </Button>
      )}
      <Dialog open={confirming} onClose={() => !ending && setConfirming(false)} aria-labelledby="end-for-all-title">
        <DialogTitle id="end-for-all-title">{t('rooms.endForAll.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('rooms.endForAll.text')}</DialogContentText>
          {failed && (
            <DialogContentText role="alert" color="error" sx={{ mt: 2 }}>
              {t('rooms.endForAll.error')}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={ending}>
            {t('common.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void end()} disabled={ending}>
            {t('rooms.endForAll.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
