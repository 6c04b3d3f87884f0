import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';

/** A key or a signing secret, shown this once (only its hash, or the endpoint, keeps it), with a copy button. */
export function SecretOnceDialog({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      snackbar.show('integrations.copied', 'success');
    } catch {
      snackbar.show('integrations.copyFailed');
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{t('integrations.shownOnce')}</Alert>
        <TextField
          label={label}
          value={secret ?? ''}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'secret-once' } }}
          onFocus={(e) => e.target.select()}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('integrations.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('settings.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
