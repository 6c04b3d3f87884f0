import { zodResolver } from '@hookform/resolvers/zod';
import { PERSONAL_LINK_EXTRA, RECIPIENT_NAME_MAX, SMS_MAX_LENGTH, smsCost } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CompactFormDialog } from '../../components/compact-form-dialog';
import { MissingLinkWarning } from '../../components/missing-link-warning';
import { useSnackbar } from '../../components/snackbar';
import { SendDialogActions } from '../../components/send-dialog-actions';
import { useRefreshEngagementPanels } from '../engagement/use-refresh-panels';
import { PhoneField } from './phone-field';
import { DEFAULT_PHONE_COUNTRY, toInternational } from './phone-number';
import { sendSms } from './sharing-api';
import type { ShareDialogProps } from './sharing-types';
import { outboxLink } from './outbox-link';
import { recordShared } from './use-shared-statistic';

/** The phone widget appears this long after the dialog opens (spec section 9). */
export const PHONE_WIDGET_DELAY_MS = 250;

const SmsForm = z
  .object({
    country: z.string(),
    phone: z.string().min(1, 'sharing.required'),
    name: z.string().trim().max(RECIPIENT_NAME_MAX, 'sharing.maxLength'),
    body: z.string().min(1, 'sharing.required').max(SMS_MAX_LENGTH, 'sharing.maxLength'),
  })
  .superRefine((v, ctx) => {
    if (v.phone && !toInternational(v.phone, v.country as CountryCode))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'sharing.phoneFormat' });
  });
type SmsForm = z.infer<typeof SmsForm>;

/**
 * The text as the recipient receives it: the player link made personal (`/` and a 22-character token after it),
 * so that the sender is told what the SMS really costs.
 */
export const sentText = (body: string, link: string): string =>
  link ? body.split(link).join(`${link}/${'x'.repeat(PERSONAL_LINK_EXTRA - 1)}`) : body;

/** Sends the player link by SMS: a valid international number, a text of at most 160 characters. */
export function SmsDialog({ open, onClose, player, sender }: ShareDialogProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const refreshPanels = useRefreshEngagementPanels();
  const [showPhone, setShowPhone] = useState(false);
  const form = useForm<SmsForm>({
    resolver: zodResolver(SmsForm),
    defaultValues: { country: DEFAULT_PHONE_COUNTRY, phone: '', name: '', body: '' },
    mode: 'onTouched',
  });
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset({
      country: DEFAULT_PHONE_COUNTRY,
      phone: '',
      name: '',
      body: t('sharing.sms.defaultBody', { link: player.url }).slice(0, SMS_MAX_LENGTH),
    });
    const timer = window.setTimeout(() => setShowPhone(true), PHONE_WIDGET_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      setShowPhone(false);
    };
  }, [open, player.url, reset, t]);

  const send = useMutation({
    mutationFn: (v: SmsForm) =>
      sendSms({
        to: toInternational(v.phone, v.country as CountryCode)!,
        body: v.body,
        personalLink: { ref: player.ref, ...(v.name ? { name: v.name } : {}) },
      }),
    onSuccess: () => {
      snackbar.show('api.sendSmsSuccess', 'success', outboxLink(sender.canReadOutbox));
      recordShared(sender, player, 'SMS');
      refreshPanels();
      form.reset();
      onClose();
    },
    onError: () => snackbar.show('api.sendSmsError'),
  });

  const body = useWatch({ control: form.control, name: 'body' });
  const country = useWatch({ control: form.control, name: 'country' }) as CountryCode;
  const bodyError = form.formState.errors.body?.message;
  const cost = smsCost(sentText(body ?? '', player.url));
  return (
    <CompactFormDialog
      open={open}
      onClose={onClose}
      busy={send.isPending}
      title={t('sharing.sms.title')}
      maxWidth="sm"
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
    >
      <DialogContent>
        {player.preparing && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="player-preparing">
            {t('sharing.preparing')}
          </Alert>
        )}
        {showPhone && (
          <Controller
            control={form.control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneField
                country={country}
                onCountry={(c) =>
                  form.setValue('country', c, {
                    shouldValidate: form.formState.isSubmitted || Boolean(fieldState.isTouched),
                  })
                }
                number={field.value}
                onNumber={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <TextField
          {...form.register('name')}
          label={t('engagement.recipientName')}
          error={Boolean(form.formState.errors.name)}
          helperText={
            form.formState.errors.name?.message
              ? t(form.formState.errors.name.message, { max: RECIPIENT_NAME_MAX })
              : t('engagement.recipientNameHelp')
          }
          autoComplete="off"
          fullWidth
          margin="normal"
        />
        <TextField
          {...form.register('body')}
          label={t('sharing.sms.body')}
          required
          fullWidth
          margin="normal"
          multiline
          minRows={3}
          error={Boolean(bodyError)}
          helperText={`${bodyError ? `${t(bodyError, { max: SMS_MAX_LENGTH })} · ` : ''}${body.length}/${SMS_MAX_LENGTH}`}
        />
        <Typography
          variant="body2"
          role="status"
          color="text.secondary"
          sx={{ fontWeight: cost.segments > 1 ? 600 : undefined }}
          data-testid="sms-cost"
        >
          {t('smsCost.sent', { length: cost.length, count: cost.segments })}
          {cost.outside && cost.segments > 1 ? ` ${t('smsCost.outside', { char: cost.outside })}` : ''}
        </Typography>
        <MissingLinkWarning text={body} link={player.url} />
      </DialogContent>
      <SendDialogActions onClose={onClose} pending={send.isPending} />
    </CompactFormDialog>
  );
}
