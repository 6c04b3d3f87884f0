import EmailIcon from '@mui/icons-material/Email';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton } from './copy-link-button';

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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
          <TextField
            label={t('rooms.settings.link')}
            value={link}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <CopyLinkButton link={link} />
        </Stack>
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
