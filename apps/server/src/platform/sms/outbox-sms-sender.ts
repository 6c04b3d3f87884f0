import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Ids } from '../ids';
import { recordInOutbox } from '../outbox';
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
    await recordInOutbox(
      { db: this.db, clock: this.clock, ids: this.ids },
      { channel: 'SMS', recipient: message.to, subject: null, text: message.body, html: null, origin: message.origin },
    );
  }
}
