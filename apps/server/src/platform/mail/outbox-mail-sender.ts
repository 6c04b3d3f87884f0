import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Ids } from '../ids';
import type { MailMessage, MailSender } from './mail-sender';

/** The embedded driver: the message is kept in the outbox table, where administrators read it. */
export class OutboxMailSender implements MailSender {
  readonly driver = 'outbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('notifications_outbox')
      .values({
        id: this.ids.uuid(),
        channel: 'EMAIL',
        recipient: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html,
        status: 'OUTBOX',
        created_by: message.origin.userId,
        group_id: message.origin.groupId,
        created_at: now,
        sent_at: now,
      })
      .execute();
  }
}
