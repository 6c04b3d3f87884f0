import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { mediaErrorKey } from './media-errors';

/** The media-device error of spec section 8, named by the error's name. */
export function MediaErrorDialog({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={error !== null && error !== undefined}
      onClose={onClose}
      aria-labelledby="media-error-title"
      aria-describedby="media-error-text"
    >
      <DialogTitle id="media-error-title">{t('rooms.mediaErrors.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="media-error-text">{t(mediaErrorKey(error))}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => window.location.reload()}>{t('common.refresh')}</Button>
        <Button onClick={onClose} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
