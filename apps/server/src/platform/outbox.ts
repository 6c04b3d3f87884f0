import type { Clock } from './clock';
import type { Db } from './db/database';
import type { Ids } from './ids';
import type { MailMessage, MailSender } from './mail/mail-sender';
import type { SmsMessage, SmsSender } from './sms/sms-sender';

export interface OutboxEntry {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  origin: { userId: string | null; groupId: string | null };
  /** A job's send (MailMessage.dedupeKey): kept on the SENT or OUTBOX row, never on a failure. */
  dedupeKey?: string | undefined;
}

/** What became of a message: kept by an embedded driver, or the outcome of one real sending attempt. */
export type OutboxOutcome =
  { status: 'OUTBOX' } | { status: 'SENT'; transportId: string | null } | { status: 'FAILED'; error: string };

type OutboxDeps = { db: Db; clock: Clock; ids: Ids };

/**
 * Records a message in the outbox table, read by administrators in their group. A SENT row is unique per
 * transport message id: recording the same success again (a retried recording) keeps one row; a job's message is
 * unique per dedupe key (a retried job's kept message keeps one row).
 */
export async function recordInOutbox(
  deps: OutboxDeps,
  entry: OutboxEntry,
  outcome: OutboxOutcome = { status: 'OUTBOX' },
): Promise<void> {
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
      status: outcome.status,
      error: outcome.status === 'FAILED' ? outcome.error.slice(0, 1000) : null,
      transport_id: outcome.status === 'SENT' ? outcome.transportId : null,
      dedupe_key: outcome.status === 'FAILED' ? null : (entry.dedupeKey ?? null),
      created_by: entry.origin.userId,
      group_id: entry.origin.groupId,
      created_at: now,
      sent_at: outcome.status === 'FAILED' ? null : now,
    })
    .onConflict((oc) =>
      oc
        .columns(
          outcome.status !== 'FAILED' && entry.dedupeKey ? ['channel', 'dedupe_key'] : ['channel', 'transport_id'],
        )
        .doNothing(),
    )
    .execute();
}

/** Whether a job's message of this key was sent (or kept) already. */
async function sentBefore(deps: OutboxDeps, entry: OutboxEntry): Promise<boolean> {
  if (!entry.dedupeKey) return false;
  const row = await deps.db
    .selectFrom('notifications_outbox')
    .select('id')
    .where('channel', '=', entry.channel)
    .where('dedupe_key', '=', entry.dedupeKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** A real transport (SMTP, SMS gateway): sends, answers its message id when it gives one, throws on failure. */
export interface Transport<M> {
  readonly driver: 'smtp' | 'gateway';
  send(message: M): Promise<{ transportId: string | null }>;
}

const mailEntry = (message: MailMessage): OutboxEntry => ({
  channel: 'EMAIL',
  recipient: message.to,
  subject: message.subject,
  text: message.attachments?.length
    ? `${message.text}\n\n[${message.attachments.map((a) => a.filename).join(', ')}]`
    : message.text,
  html: message.html,
  origin: message.origin,
  dedupeKey: message.dedupeKey,
});

const smsEntry = (message: SmsMessage): OutboxEntry => ({
  channel: 'SMS',
  recipient: message.to,
  subject: null,
  text: message.body,
  html: null,
  origin: message.origin,
});

/**
 * Sends through the transport and records the outcome, whoever sends (a person, a job). A failure is recorded
 * then thrown again for the caller (and the queue's retry); a success is never turned into an error by its
 * recording, since the caller would retry and the recipient receive the message twice. A job's message already
 * sent under its dedupe key is not sent again (left: a crash between the transport's answer and its recording).
 */
async function sendRecorded<M>(
  deps: OutboxDeps,
  transport: Transport<M>,
  message: M,
  entry: OutboxEntry,
): Promise<void> {
  if (await sentBefore(deps, entry)) return;
  let transportId: string | null;
  try {
    ({ transportId } = await transport.send(message));
  } catch (err) {
    await recordInOutbox(deps, entry, { status: 'FAILED', error: (err as Error).message || String(err) });
    throw err;
  }
  await recordInOutbox(deps, entry, { status: 'SENT', transportId }).catch((err: unknown) => {
    process.emitWarning(`A sent message could not be recorded in the outbox: ${(err as Error).message}`);
  });
}

/** SMTP with every message recorded in the outbox, SENT or FAILED. */
export const recordedMailSender = (deps: OutboxDeps, transport: Transport<MailMessage>): MailSender => ({
  driver: 'smtp',
  send: (message) => sendRecorded(deps, transport, message, mailEntry(message)),
});

/** The SMS gateway with every SMS recorded in the outbox, SENT or FAILED. */
export const recordedSmsSender = (deps: OutboxDeps, transport: Transport<SmsMessage>): SmsSender => ({
  driver: 'gateway',
  send: (message) => sendRecorded(deps, transport, message, smsEntry(message)),
});

/** The embedded mail driver: the message is kept in the outbox, its attachments named after its text. */
export const outboxMailSender = (deps: OutboxDeps): MailSender => ({
  driver: 'outbox',
  send: (message) => recordInOutbox(deps, mailEntry(message)),
});

/** The embedded SMS driver: the SMS is kept in the outbox. */
export const outboxSmsSender = (deps: OutboxDeps): SmsSender => ({
  driver: 'outbox',
  send: (message) => recordInOutbox(deps, smsEntry(message)),
});
