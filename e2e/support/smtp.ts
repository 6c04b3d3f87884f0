import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on the port the harness gave the portal (E2E_SMTP_PORT) for one test: `mail` is the
 * first message it receives, parsed; `close` stops it (call it in a `finally`).
 */
export async function catchMail(): Promise<{ mail: Promise<ParsedMail>; close: () => Promise<void> }> {
  const port = Number(process.env.E2E_SMTP_PORT);
  expect(port, 'the harness gives the server SMTP_URL on E2E_SMTP_PORT').toBeGreaterThan(0);
  let received: (mail: ParsedMail) => void = () => undefined;
  const mail = new Promise<ParsedMail>((resolve) => (received = resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((m) => (received(m), callback()), callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mail, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
