import type { AlertPreferences } from '@forecourt/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { getAlertPreferences, saveAlertPreferences } from './engagement-api';
import { engagementKeys } from './engagement-keys';

/** Which alerts the user gets (in the portal, by e-mail) and their quiet hours, in the browser's time zone. */
export function AlertSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const prefs = useQuery({ queryKey: engagementKeys.preferences(), queryFn: getAlertPreferences });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('engagement.settings.title')}</DialogTitle>
      {prefs.data && <SettingsForm initial={prefs.data} onClose={onClose} />}
    </Dialog>
  );
}

function SettingsForm({ initial, onClose }: { initial: AlertPreferences; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [v, setV] = useState(initial);
  const [quiet, setQuiet] = useState(initial.quietFrom !== null);
  const [checked, setChecked] = useState(false);
  const quietFrom = v.quietFrom ?? '20:00';
  const quietTo = v.quietTo ?? '08:00';
  // A time cleared in its field is refused here, by name, rather than by the server in a general message.
  const missing = (time: string) => checked && quiet && !time;
  const save = useMutation({
    mutationFn: () =>
      saveAlertPreferences({
        ...v,
        quietFrom: quiet ? quietFrom : null,
        quietTo: quiet ? quietTo : null,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(engagementKeys.preferences(), saved);
      snackbar.show('engagement.settings.saved', 'success');
      onClose();
    },
    onError: () => snackbar.show('engagement.settings.error'),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (!quiet || (quietFrom && quietTo)) save.mutate();
      }}
    >
      <DialogContent>
        <Stack spacing={1}>
          <FormControlLabel
            control={<Switch checked={v.inApp} onChange={(e) => setV({ ...v, inApp: e.target.checked })} />}
            label={t('engagement.settings.inApp')}
          />
          <FormControlLabel
            control={<Switch checked={v.email} onChange={(e) => setV({ ...v, email: e.target.checked })} />}
            label={t('engagement.settings.email')}
          />
          <FormControlLabel
            control={<Switch checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />}
            label={t('engagement.settings.quiet')}
          />
          {quiet && (
            <Stack direction="row" spacing={2}>
              <TextField
                type="time"
                label={t('engagement.settings.from')}
                value={quietFrom}
                onChange={(e) => setV({ ...v, quietFrom: e.target.value })}
                error={missing(quietFrom)}
                helperText={missing(quietFrom) ? t('common.requiredField') : undefined}
                // A time field always shows its --:-- mask: an empty one would have the label drawn over it.
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                type="time"
                label={t('engagement.settings.to')}
                value={quietTo}
                onChange={(e) => setV({ ...v, quietTo: e.target.value })}
                error={missing(quietTo)}
                helperText={missing(quietTo) ? t('common.requiredField') : undefined}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
