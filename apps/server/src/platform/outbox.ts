import type { Clock } from './clock';
import type { Db } from './db/database';
import type { Ids } from './ids';

export interface OutboxEntry {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  origin: { userId: string | null; groupId: string | null };
}

/** Keeps a message in the outbox table: the embedded mail and SMS drivers, read by administrators. */
export async function recordInOutbox(deps: { db: Db; clock: Clock; ids: Ids }, entry: OutboxEntry): Promise<void> {
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
