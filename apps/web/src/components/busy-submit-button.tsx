import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A form's large submit button; while the form is sent, a spinner takes the label's place. */
export function BusySubmitButton(props: { label: string; busy: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" variant="contained" size="large" disabled={props.disabled}>
      {props.busy ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : props.label}
    </Button>
  );
}
