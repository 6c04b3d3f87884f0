import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './mail-sender';

/** E-mail over SMTP (nodemailer): a multipart message with the text and the HTML part. */
export class SmtpMailSender implements MailSender {
  readonly driver = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const address = /<([^>]+)>/.exec(this.from)?.[1] ?? this.from;
    await this.transport.sendMail({
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
    });
  }

  close(): void {
    this.transport.close();
  }
}
