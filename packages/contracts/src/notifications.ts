import { z } from 'zod';
import { PersonalLinkRequest } from './engagement';

export const SMS_MAX_LENGTH = 160;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 10_000;

/** The loose pattern of the e-mail dialog (formartEmail): something, an @, something with a dot. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An international number as the phone widget sends it: +, then 8 to 15 digits, no spaces. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** E-mail payload of spec section 3. The body carries the user's text with `<br>` for its line breaks. */
export const EmailNotification = z.object({
  to: z.string().trim().regex(LOOSE_EMAIL, 'is not an e-mail address').max(254),
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  body: z.string().min(1).max(EMAIL_BODY_MAX),
  /** Shown as the sender's name; the address is always ours, replies go to the signed-in user. */
  from: z.object({ email: z.string().optional(), name: z.string().max(120).optional() }).optional(),
  /** The player link in the body becomes the recipient's own (issue 31). */
  personalLink: PersonalLinkRequest.optional(),
});
export type EmailNotification = z.infer<typeof EmailNotification>;

export const SmsNotification = z.object({
  // The widget may send the number as typed; spaces carry no meaning (spec section 5).
  to: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
    z.string().regex(E164, 'is not an international phone number'),
  ),
  body: z.string().min(1).max(SMS_MAX_LENGTH),
  /** The player link in the text becomes the recipient's own; the text grows by the token (23 characters). */
  personalLink: PersonalLinkRequest.optional(),
});
export type SmsNotification = z.infer<typeof SmsNotification>;

export const NotificationChannel = z.enum(['EMAIL', 'SMS']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** OUTBOX: kept by the embedded drivers; SENT or FAILED: one attempt over SMTP or the SMS gateway. */
export const OutboxStatus = z.enum(['OUTBOX', 'SENT', 'FAILED']);
export type OutboxStatus = z.infer<typeof OutboxStatus>;

export const OutboxEntry = z.object({
  id: z.string(),
  channel: NotificationChannel,
  recipient: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  status: OutboxStatus,
  /** The transport's message id of a SENT message. */
  transportId: z.string().nullable(),
  /** Why a FAILED message was not sent, as the transport said it. */
  error: z.string().nullable(),
  sender: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OutboxResponse = z.object({ items: z.array(OutboxEntry) });
export type OutboxResponse = z.infer<typeof OutboxResponse>;
