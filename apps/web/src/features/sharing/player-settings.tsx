import type { PlayerLinkSettings } from '@forecourt/contracts';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/action-button';
import { useSnackbar } from '../../components/snackbar';
import { getPlayerSettings, savePlayerSettings } from './sharing-api';
import { sharingKeys } from './sharing-keys';

/** The options column's button for what the shooting's player link shows: damages, edited labels. */
export function PlayerSettingsButton({ shootingId, compact }: { shootingId: string; compact: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton
        compact={compact}
        icon={<TuneIcon />}
        label={t('sharing.settings.button')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      {open ? <PlayerSettingsDialog shootingId={shootingId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const SWITCHES = ['showDamages', 'showEditedLabels'] as const;

/** Each switch saves at once; the dialog shows what the server holds. */
function PlayerSettingsDialog({ shootingId, onClose }: { shootingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const queryClient = useQueryClient();
  const queryKey = sharingKeys.playerSettings(shootingId);
  const settings = useQuery({ queryKey, queryFn: () => getPlayerSettings(shootingId) });
  const save = useMutation({
    mutationFn: (body: Partial<PlayerLinkSettings>) => savePlayerSettings(shootingId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      snackbar.show('sharing.settings.saved', 'success');
    },
    onError: () => snackbar.show('sharing.settings.error'),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('sharing.settings.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('sharing.settings.hint')}</DialogContentText>
        {settings.isPending ? (
          <CircularProgress aria-label={t('common.loading')} />
        ) : settings.isError ? (
          <Alert severity="error">{t('api.commonError')}</Alert>
        ) : (
          <FormGroup>
            {SWITCHES.map((name) => (
              <FormControlLabel
                key={name}
                control={
                  <Switch
                    checked={settings.data[name]}
                    disabled={save.isPending}
                    onChange={(_e, checked) => save.mutate({ [name]: checked })}
                  />
                }
                label={t(`sharing.settings.${name}`)}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
