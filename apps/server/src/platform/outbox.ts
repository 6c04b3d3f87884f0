import type { Clock } from './clock';
import type { Db } from './db/database';
import type { Ids } from './ids';
import type { MailSender } from './mail/mail-sender';
import type { SmsSender } from './sms/sms-sender';

export interface OutboxEntry {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  origin: { userId: string | null; groupId: string | null };
}

type OutboxDeps = { db: Db; clock: Clock; ids: Ids };

/** Keeps a message in the outbox table: the embedded mail and SMS drivers, read by administrators. */
export async function recordInOutbox(deps: OutboxDeps, entry: OutboxEntry): Promise<void> {
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto('notifications_outbox')
    .values({
      id: deps.ids.uuid(),
      channel: entry.channel,
      recipient: entry.recipient,
      subject: entry.subject,
      body_text: entry.text,
      body_html: entry.html,
      status: 'OUTBOX',
      created_by: entry.origin.userId,
      group_id: entry.origin.groupId,
      created_at: now,
      sent_at: now,
    })
    .execute();
}

/** The embedded mail driver: the message is kept in the outbox, its attachments named after its text. */
export const outboxMailSender = (deps: OutboxDeps): MailSender => ({
  driver: 'outbox',
  send: (message) =>
    recordInOutbox(deps, {
      channel: 'EMAIL',
      recipient: message.to,
      subject: message.subject,
      text: message.attachments?.length
        ? `${message.text}\n\n[${message.attachments.map((a) => a.filename).join(', ')}]`
        : message.text,
      html: message.html,
      origin: message.origin,
    }),
});

/** The embedded SMS driver: the SMS is kept in the outbox. */
export const outboxSmsSender = (deps: OutboxDeps): SmsSender => ({
  driver: 'outbox',
  send: (message) =>
    recordInOutbox(deps, {
      channel: 'SMS',
      recipient: message.to,
      subject: null,
      text: message.body,
      html: null,
      origin: message.origin,
    }),
});
