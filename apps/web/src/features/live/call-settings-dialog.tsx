import EmailIcon from '@mui/icons-material/Email';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { RoomLinkField } from './room-link-field';

/** The call's settings: the room link to copy, and e-mail for signed-in users with the e-mail option. */
export function CallSettingsDialog({
  open,
  onClose,
  link,
  onEmail,
}: {
  open: boolean;
  onClose: () => void;
  link: string;
  onEmail: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="call-settings-title">
      <DialogTitle id="call-settings-title">{t('rooms.settings.title')}</DialogTitle>
      <DialogContent>
        <RoomLinkField link={link} sx={{ pt: 1 }} />
      </DialogContent>
      <DialogActions>
        {onEmail && (
          <Button startIcon={<EmailIcon />} onClick={onEmail}>
            {t('rooms.sendEmail')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
