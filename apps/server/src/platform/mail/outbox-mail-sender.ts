import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Ids } from '../ids';
import { recordInOutbox } from '../outbox';
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
    await recordInOutbox(
      { db: this.db, clock: this.clock, ids: this.ids },
      {
        channel: 'EMAIL',
        recipient: message.to,
        subject: message.subject,
        text: message.attachments?.length
          ? `${message.text}\n\n[${message.attachments.map((a) => a.filename).join(', ')}]`
          : message.text,
        html: message.html,
        origin: message.origin,
      },
    );
  }
}
