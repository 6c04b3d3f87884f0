import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Ids } from '../ids';
import type { SmsMessage, SmsSender } from './sms-sender';

/** The embedded driver: the SMS is kept in the outbox table, where administrators read it. */
export class OutboxSmsSender implements SmsSender {
  readonly driver = 'outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('notifications_outbox')
      .values({
        id: this.ids.uuid(),
        channel: 'SMS',
        recipient: message.to,
        subject: null,
        body_text: message.body,
        body_html: null,
        status: 'OUTBOX',
        created_by: message.origin.userId,
        group_id: message.origin.groupId,
        created_at: now,
        sent_at: now,
      })
      .execute();
  }
}
