import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, LOOSE_EMAIL } from '@forecourt/contracts';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../../components/snackbar';
import { SendDialogActions } from '../sharing/send-dialog-actions';
import { postRoomShared, sendRoomEmail } from './live-api';

const EmailForm = z.object({
  to: z.string().trim().min(1, 'sharing.requiredEmail').regex(LOOSE_EMAIL, 'sharing.formartEmail'),
  object: z.string().trim().min(1, 'sharing.requiredObject').max(EMAIL_SUBJECT_MAX, 'sharing.maxLength'),
  body: z.string().trim().min(1, 'common.requiredField').max(EMAIL_BODY_MAX, 'sharing.maxLength'),
});
type EmailForm = z.infer<typeof EmailForm>;

export interface SharedRoom {
  id: string;
  name: string;
  link: string;
}

/** Sends a room link by e-mail; the server attaches the calendar invitation. Then records the share. */
export function RoomEmailDialog({ open, onClose, room, userId }: { open: boolean; onClose: () => void; room: SharedRoom; userId: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const defaults = () => ({ to: '', object: t('rooms.email.defaultObject', { name: room.name }), body: t('rooms.email.defaultBody', { link: room.link }) });
  const form = useForm<EmailForm>({ resolver: zodResolver(EmailForm), defaultValues: defaults(), mode: 'onTouched' });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ to: '', object: t('rooms.email.defaultObject', { name: room.name }), body: t('rooms.email.defaultBody', { link: room.link }) });
  }, [open, room.name, room.link, reset, t]);

  const send = useMutation({
    mutationFn: (v: EmailForm) => sendRoomEmail(room.id, { to: v.to, subject: v.object, body: v.body.replace(/\r\n|\r|\n/g, '<br>') }),
    onSuccess: () => {
      snackbar.show('api.sendEmailSuccess', 'success');
      // A failed statistic must not undo the send.
      postRoomShared(userId, room.id).catch(() => undefined);
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
    <Dialog open={open} onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="room-email-title">
      <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
        <DialogTitle id="room-email-title">{t('rooms.email.title')}</DialogTitle>
        <DialogContent>
          <TextField {...form.register('to')} {...err('to')} label={t('sharing.email.to')} type="email" autoComplete="email" required fullWidth margin="normal" />
          <TextField {...form.register('object')} {...err('object')} label={t('sharing.email.object')} required fullWidth margin="normal" />
          <TextField {...form.register('body')} {...err('body')} label={t('sharing.email.body')} required fullWidth margin="normal" multiline minRows={5} />
        </DialogContent>
        <SendDialogActions onClose={onClose} pending={send.isPending} />
      </form>
    </Dialog>
  );
}
