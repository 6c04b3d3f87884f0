import type { MessageOrigin } from '../mail/mail-sender';

export interface SmsMessage {
  /** An international number, E.164 without spaces. */
  to: string;
  body: string;
  origin: MessageOrigin;
}

/** Sends SMS: through an HTTP gateway when SMS_GATEWAY_URL is set, else kept in the outbox table. */
export interface SmsSender {
  readonly driver: 'gateway' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}
