import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

/** Cancel and Send for the sharing dialogs; Send submits the dialog's form. */
export function SendDialogActions({ onClose, pending }: { onClose: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={pending}>
        {t('common.send')}
      </Button>
    </DialogActions>
  );
}
