import { zodResolver } from '@hookform/resolvers/zod';
import { RECIPIENT_NAME_MAX } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../../components/snackbar';
import { createPersonalLink } from './engagement-api';
import { useRefreshEngagementPanels } from './use-refresh-panels';

const CopyLinkForm = z.object({
  name: z.string().trim().min(1, 'common.requiredField').max(RECIPIENT_NAME_MAX, 'sharing.maxLength'),
});
type CopyLinkForm = z.infer<typeof CopyLinkForm>;

/**
 * "Copy link for …": makes a personal link for the named recipient, copies it and shows it, so the
 * salesperson can paste it in a message of their own and still learn when that person opens it.
 */
export function CopyLinkDialog({
  open,
  onClose,
  playerRef,
}: {
  open: boolean;
  onClose: () => void;
  playerRef: string;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const refreshPanels = useRefreshEngagementPanels();
  const titleId = useId();
  const form = useForm<CopyLinkForm>({ resolver: zodResolver(CopyLinkForm), defaultValues: { name: '' } });
  const make = useMutation({
    mutationFn: (v: CopyLinkForm) => createPersonalLink({ ref: playerRef, name: v.name }),
    onSuccess: async ({ url }) => {
      refreshPanels();
      const copied = await navigator.clipboard?.writeText(url).then(
        () => true,
        () => false,
      );
      if (copied) snackbar.show('engagement.copy.copied', 'success');
    },
    onError: () => snackbar.show('engagement.copy.error'),
  });
  const error = form.formState.errors.name?.message;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={form.handleSubmit((v) => make.mutate(v))}>
        <DialogTitle id={titleId}>{t('engagement.copy.title')}</DialogTitle>
        <DialogContent>
          <TextField
            {...form.register('name')}
            label={t('engagement.recipientName')}
            error={Boolean(error)}
            helperText={error ? t(error, { max: RECIPIENT_NAME_MAX }) : t('engagement.recipientNameHelp')}
            required
            autoComplete="off"
            fullWidth
            margin="normal"
            disabled={Boolean(make.data)}
          />
          {make.data && (
            <Alert severity="success" sx={{ mt: 1, wordBreak: 'break-all' }}>
              {t('engagement.copy.ready')} <strong data-testid="personal-link">{make.data.url}</strong>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={make.isPending}>
            {t(make.data ? 'common.close' : 'common.cancel')}
          </Button>
          {!make.data && (
            <Button type="submit" variant="contained" loading={make.isPending}>
              {t('engagement.copy.make')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
