import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, LOOSE_EMAIL } from '@forecourt/contracts';
import Dialog from '@mui/material/Dialog';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../../components/snackbar';
import { SendDialogActions } from './send-dialog-actions';
import { sendEmail } from './sharing-api';
import type { Sender, SharedPlayer } from './sharing-types';
import { recordShared } from './use-shared-statistic';

// Messages are locale keys: the spec's requiredEmail, formartEmail and requiredObject.
const EmailForm = z.object({
  to: z.string().trim().min(1, 'sharing.requiredEmail').regex(LOOSE_EMAIL, 'sharing.formartEmail'),
  object: z.string().trim().min(1, 'sharing.requiredObject').max(EMAIL_SUBJECT_MAX, 'sharing.maxLength'),
  body: z.string().trim().min(1, 'common.requiredField').max(EMAIL_BODY_MAX, 'sharing.maxLength'),
});
type EmailForm = z.infer<typeof EmailForm>;

/** Line breaks typed in the body travel as <br> (spec section 5); the server escapes everything else. */
export const bodyToHtmlBreaks = (body: string): string => body.replace(/\r\n|\r|\n/g, '<br>');

/** Sends the player link by e-mail. Success resets the form and closes; a failure keeps what was typed. */
export function EmailDialog({ open, onClose, player, sender }: { open: boolean; onClose: () => void; player: SharedPlayer; sender: Sender }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const defaults = { to: '', object: t('sharing.email.defaultObject'), body: t('sharing.email.defaultBody', { link: player.url }) };
  const form = useForm<EmailForm>({ resolver: zodResolver(EmailForm), defaultValues: defaults, mode: 'onTouched' });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ to: '', object: t('sharing.email.defaultObject'), body: t('sharing.email.defaultBody', { link: player.url }) });
  }, [open, player.url, reset, t]);

  const send = useMutation({
    mutationFn: (v: EmailForm) => sendEmail({ to: v.to, subject: v.object, body: bodyToHtmlBreaks(v.body), from: { email: sender.email, name: sender.name } }),
    onSuccess: () => {
      snackbar.show('api.sendEmailSuccess', 'success');
      recordShared(sender, player, 'EMAIL');
      form.reset();
      onClose();
    },
    onError: () => snackbar.show('api.sendEmailError'),
  });

  const err = (name: keyof EmailForm) => {
    const message = form.formState.errors[name]?.message;
    return message ? { error: true, helperText: t(message) } : {};
  };

  return (
    <Dialog open={open} onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="email-dialog-title">
      <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
        <DialogTitle id="email-dialog-title">{t('sharing.email.title')}</DialogTitle>
        <DialogContent>
          {player.preparing && (
            <Alert severity="warning" sx={{ mb: 1 }} data-testid="player-preparing">
              {t('sharing.preparing')}
            </Alert>
          )}
          <TextField {...form.register('to')} {...err('to')} label={t('sharing.email.to')} type="email" autoComplete="email" required fullWidth margin="normal" />
          <TextField {...form.register('object')} {...err('object')} label={t('sharing.email.object')} required fullWidth margin="normal" />
          <TextField {...form.register('body')} {...err('body')} label={t('sharing.email.body')} required fullWidth margin="normal" multiline minRows={5} />
        </DialogContent>
        <SendDialogActions onClose={onClose} pending={send.isPending} />
      </form>
    </Dialog>
  );
}
