import nodemailer, { type Transporter } from 'nodemailer';
import type { Transport } from '../outbox';
import type { MailMessage } from './mail-sender';

/**
 * E-mail over SMTP (nodemailer): a multipart message with the text and the HTML part. Its Message-ID is the
 * outbox's transport id (the outbox records each send, see recordedMailSender).
 */
export class SmtpMailSender implements Transport<MailMessage> {
  readonly driver = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<{ transportId: string | null }> {
    const address = /<([^>]+)>/.exec(this.from)?.[1] ?? this.from;
    const info = (await this.transport.sendMail({
      from: message.fromName ? { name: message.fromName, address } : this.from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    })) as { messageId?: string };
    return { transportId: info.messageId ?? null };
  }

  close(): void {
    this.transport.close();
  }
}
