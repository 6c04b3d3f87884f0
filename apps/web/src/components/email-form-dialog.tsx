import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, LOOSE_EMAIL, RECIPIENT_NAME_MAX } from '@forecourt/contracts';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CompactFormDialog } from './compact-form-dialog';
import { MissingLinkWarning } from './missing-link-warning';
import { useSnackbar } from './snackbar';
import type { SnackbarLink } from './snackbar-context';
import { SendDialogActions } from './send-dialog-actions';
import { fieldErrorProps } from '../lib/field-error';

// Messages are locale keys: the spec's requiredEmail, formartEmail and requiredObject.
const EmailForm = z.object({
  to: z.string().trim().min(1, 'sharing.requiredEmail').regex(LOOSE_EMAIL, 'sharing.formartEmail'),
  name: z.string().trim().max(RECIPIENT_NAME_MAX, 'sharing.maxLength'),
  object: z.string().trim().min(1, 'sharing.requiredObject').max(EMAIL_SUBJECT_MAX, 'sharing.maxLength'),
  body: z.string().trim().min(1, 'common.requiredField').max(EMAIL_BODY_MAX, 'sharing.maxLength'),
});
type EmailForm = z.infer<typeof EmailForm>;

/** What the dialog sends: the body's line breaks already as <br>. */
export interface EmailMessage {
  to: string;
  /** The recipient's name, when the dialog asks for it (a personal player link); '' when left empty. */
  name: string;
  subject: string;
  body: string;
}

/** Line breaks typed in the body travel as <br> (spec section 5); the server escapes everything else. */
export const bodyToHtmlBreaks = (body: string): string => body.replace(/\r\n|\r|\n/g, '<br>');

/**
 * The one e-mail dialog of the portal (a player link, a live room link): recipient, subject and body,
 * filled with the given defaults each time it opens. Success says so, runs `onSent`, resets and closes;
 * a failure says so and keeps what was typed.
 */
export function EmailFormDialog({
  open,
  onClose,
  title,
  defaultObject,
  defaultBody,
  send,
  onSent,
  notice,
  sentLink,
  askName = false,
  link,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  defaultObject: string;
  defaultBody: string;
  send: (message: EmailMessage) => Promise<unknown>;
  onSent?: () => void;
  /** Shown above the fields (the player still being prepared). */
  notice?: ReactNode;
  /** Offered with the success message (the outbox, for those who may read it). */
  sentLink?: SnackbarLink;
  /** Asks for the recipient's name (kept with a personal link, shown in the sender's alerts). */
  askName?: boolean;
  /** The link the message is for: a body edited without it gets a warning (the recipient would have none). */
  link?: string;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const form = useForm<EmailForm>({
    resolver: zodResolver(EmailForm),
    defaultValues: { to: '', name: '', object: defaultObject, body: defaultBody },
    mode: 'onTouched',
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ to: '', name: '', object: defaultObject, body: defaultBody });
  }, [open, defaultObject, defaultBody, reset]);

  const mutation = useMutation({
    mutationFn: (v: EmailForm) => send({ to: v.to, name: v.name, subject: v.object, body: bodyToHtmlBreaks(v.body) }),
    onSuccess: () => {
      snackbar.show('api.sendEmailSuccess', 'success', sentLink);
      onSent?.();
      form.reset();
      onClose();
    },
    onError: () => snackbar.show('api.sendEmailError'),
  });

  const err = fieldErrorProps(form.formState.errors, t, {
    name: { max: RECIPIENT_NAME_MAX },
    object: { max: EMAIL_SUBJECT_MAX },
    body: { max: EMAIL_BODY_MAX },
  });
  const body = useWatch({ control: form.control, name: 'body' });

  return (
    <CompactFormDialog
      open={open}
      onClose={onClose}
      busy={mutation.isPending}
      title={title}
      maxWidth="sm"
      onSubmit={form.handleSubmit((v) => mutation.mutate(v))}
    >
      <DialogContent>
        {notice}
        <TextField
          {...form.register('to')}
          {...err('to')}
          label={t('sharing.email.to')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          margin="normal"
        />
        {askName && (
          <TextField
            {...form.register('name')}
            {...err('name')}
            label={t('engagement.recipientName')}
            helperText={err('name').helperText ?? t('engagement.recipientNameHelp')}
            autoComplete="off"
            fullWidth
            margin="normal"
          />
        )}
        <TextField
          {...form.register('object')}
          {...err('object')}
          label={t('sharing.email.object')}
          required
          fullWidth
          margin="normal"
        />
        <TextField
          {...form.register('body')}
          {...err('body')}
          label={t('sharing.email.body')}
          required
          fullWidth
          margin="normal"
          multiline
          minRows={5}
        />
        <MissingLinkWarning text={body} link={link} />
      </DialogContent>
      <SendDialogActions onClose={onClose} pending={mutation.isPending} />
    </CompactFormDialog>
  );
}
