import type { EmailNotification, OutboxEntry, SmsNotification } from '@forecourt/contracts';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { Adapters } from '../../platform/adapters';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import { forgetPersonalLink, personalizeMessage } from '../recipients/recipients.service';
import { requireOption } from '../identity/auth';
import type { UserContext } from '../identity/user-context';
import { renderEmail } from './email-content';
import { listOutbox } from './notifications.repo';

/** What the sending functions use: the adapters and the per-user limit, made once per process. */
export type NotificationsDeps = Pick<Adapters, 'db' | 'mail' | 'sms' | 'config' | 'clock' | 'ids'> & {
  perUser: RateLimiter;
};

/** Messages one user may send a minute: a person sharing links never comes near it, a runaway script does. */
export const MESSAGES_PER_USER_MINUTE = 20;

/** The per-user limit on messages, its windows shared by every process through the database. */
export const messagesLimit = (deps: Pick<Adapters, 'db' | 'clock'>): RateLimiter =>
  new RateLimiter(deps.db, deps.clock, 'messages', MESSAGES_PER_USER_MINUTE, 60_000);

const sendFailed = (what: string) => new AppError('INTERNAL_ERROR', `The ${what} could not be sent`, undefined, 502);

const origin = (user: UserContext) => ({ userId: user.id, groupId: user.groupId });

async function throttle(deps: Pick<NotificationsDeps, 'perUser'>, user: UserContext): Promise<void> {
  if (!(await deps.perUser.take(user.id)))
    throw new AppError('RATE_LIMITED', 'Too many messages, try again in a minute');
}

export async function sendEmail(deps: NotificationsDeps, user: UserContext, input: EmailNotification): Promise<void> {
  requireOption(user, 'useSendEmail');
  await throttle(deps, user);
  const personal = input.personalLink
    ? await personalizeMessage(deps, user, input.body, {
        ...input.personalLink,
        channel: 'EMAIL',
        email: input.to,
      })
    : { text: input.body, token: null };
  const { text, html } = renderEmail(personal.text, deps.config.PUBLIC_URL);
  const fromName = input.from?.name?.trim() || `${user.givenName} ${user.familyName}`.trim();
  try {
    await deps.mail.send({
      to: input.to,
      subject: input.subject,
      text,
      html,
      fromName,
      replyTo: user.email,
      origin: origin(user),
    });
  } catch {
    if (personal.token) await forgetPersonalLink(deps, personal.token);
    throw sendFailed('e-mail');
  }
}

export async function sendSms(deps: NotificationsDeps, user: UserContext, input: SmsNotification): Promise<void> {
  requireOption(user, 'useSendSms');
  if (!isValidPhoneNumber(input.to))
    throw badRequest('The phone number is not a valid international number', { field: 'to' });
  await throttle(deps, user);
  const personal = input.personalLink
    ? await personalizeMessage(deps, user, input.body, { ...input.personalLink, channel: 'SMS', phone: input.to })
    : { text: input.body, token: null };
  try {
    await deps.sms.send({ to: input.to, body: personal.text, origin: origin(user) });
  } catch {
    if (personal.token) await forgetPersonalLink(deps, personal.token);
    throw sendFailed('SMS');
  }
}

/** What the embedded drivers kept, for the provider administrators of the caller's dealer group. */
export async function listUserOutbox(deps: Pick<NotificationsDeps, 'db'>, user: UserContext): Promise<OutboxEntry[]> {
  if (!user.habilitations.includes('PROVIDER_ADMINISTRATOR'))
    throw forbidden('Only provider administrators read the outbox');
  const rows = await listOutbox(deps.db, user.groupId, 200);
  return rows.map((r) => ({ ...r, channel: r.channel === 'SMS' ? 'SMS' : 'EMAIL', sender: r.sender ?? null }));
}
