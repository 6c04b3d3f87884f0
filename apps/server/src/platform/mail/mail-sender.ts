/** Who asked for a message: kept with the outbox entry so administrators see it in their group only. */
export interface MessageOrigin {
  userId: string | null;
  groupId: string | null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The display name of the sender; the address is always the configured MAIL_FROM. */
  fromName?: string;
  replyTo?: string;
  /** Files sent with the message (a room's calendar invitation); the outbox keeps their names. */
  attachments?: { filename: string; contentType: string; content: string }[];
  origin: MessageOrigin;
  /**
   * A job's send: the message goes once per key. A job retried after it was sent (a crash, a lost lease) finds the
   * key in the outbox and sends nothing. Unset for a person's sends, which they may repeat.
   */
  dedupeKey?: string;
}

/** Sends e-mail: over SMTP when SMTP_URL is set, else kept in the outbox table. */
export interface MailSender {
  readonly driver: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
