import type { EmailNotification, OutboxEntry, SmsNotification } from '@forecourt/contracts';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { Adapters } from '../../platform/adapters';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import { requireOption } from '../identity/auth';
import type { UserContext } from '../identity/identity.repo';
import { renderEmail } from './email-content';
import { listOutbox } from './notifications.repo';

type Deps = Pick<Adapters, 'db' | 'mail' | 'sms' | 'clock' | 'config'>;

/** Messages one user may send a minute: a person sharing links never comes near it, a runaway script does. */
export const MESSAGES_PER_USER_MINUTE = 20;

const sendFailed = (what: string) => new AppError('INTERNAL_ERROR', `The ${what} could not be sent`, undefined, 502);

export function createNotificationsService(deps: Deps) {
  const perUser = new RateLimiter(deps.db, deps.clock, 'messages', MESSAGES_PER_USER_MINUTE, 60_000);
  const origin = (user: UserContext) => ({ userId: user.id, groupId: user.groupId });
  const throttle = async (user: UserContext) => {
    if (!(await perUser.take(user.id))) throw new AppError('RATE_LIMITED', 'Too many messages, try again in a minute');
  };

  return {
    async sendEmail(user: UserContext, input: EmailNotification): Promise<void> {
      requireOption(user, 'useSendEmail');
      await throttle(user);
      const { text, html } = renderEmail(input.body, deps.config.PUBLIC_URL);
      const fromName = input.from?.name?.trim() || `${user.givenName} ${user.familyName}`.trim();
      try {
        await deps.mail.send({ to: input.to, subject: input.subject, text, html, fromName, replyTo: user.email, origin: origin(user) });
      } catch {
        throw sendFailed('e-mail');
      }
    },

    async sendSms(user: UserContext, input: SmsNotification): Promise<void> {
      requireOption(user, 'useSendSms');
      if (!isValidPhoneNumber(input.to)) throw badRequest('The phone number is not a valid international number', { field: 'to' });
      await throttle(user);
      try {
        await deps.sms.send({ to: input.to, body: input.body, origin: origin(user) });
      } catch {
        throw sendFailed('SMS');
      }
    },

    /** What the embedded drivers kept, for the provider administrators of the caller's dealer group. */
    async outbox(user: UserContext): Promise<OutboxEntry[]> {
      if (!user.habilitations.includes('PROVIDER_ADMINISTRATOR')) throw forbidden('Only provider administrators read the outbox');
      const rows = await listOutbox(deps.db, user.groupId, 200);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel === 'SMS' ? 'SMS' : 'EMAIL',
        recipient: r.recipient,
        subject: r.subject,
        bodyText: r.body_text,
        status: r.status,
        sender: r.sender ?? null,
        createdAt: r.created_at,
      }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
