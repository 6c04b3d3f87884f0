import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { useTestApp } from '../../test/test-app';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const WORKSHOP = 'workshop@demo.forecourt.test';

type TestAdapters = Awaited<ReturnType<typeof createTestAdapters>>;

/** A real SMTP server on loopback that hands each received message, parsed, to the test. */
async function startSmtp(): Promise<{ port: number; next: () => Promise<ParsedMail>; close: () => Promise<void> }> {
  const received: ParsedMail[] = [];
  const waiters: ((m: ParsedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address === 'bounce@example.test' ? new Error('Mailbox unavailable') : undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const waiter = waiters.shift();
          if (waiter) waiter(mail);
          else received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    next: () => {
      const mail = received.shift();
      return mail ? Promise.resolve(mail) : new Promise((resolve) => waiters.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('notifications over SMTP and an SMS gateway', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let gateway: http.Server;
  const sms: { body: unknown; auth: string | undefined }[] = [];
  let adapters: TestAdapters;
  let app: App;

  beforeAll(async () => {
    smtp = await startSmtp();
    gateway = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(data) as { to: string };
        sms.push({ body, auth: req.headers.authorization });
        res.statusCode = body.to === '+33612345699' ? 503 : 202;
        res.end(res.statusCode === 202 ? JSON.stringify({ id: `gw-${sms.length}` }) : '');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    adapters = await createTestAdapters({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
      SMS_GATEWAY_TOKEN: 'gateway-token',
    });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
    await smtp.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('sends a multipart e-mail whose HTML escapes what the user typed, with only our <br> as markup', async () => {
    const body =
      'Hello,<br>here is the car: http://127.0.0.1:8080/p/AbCdEfGhIjKlMnOpQrStUv<br><script>alert(1)</script> & "quotes"';
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/EMAIL',
      headers: await authHeaders(adapters, MANAGER),
      payload: {
        to: 'buyer@example.test',
        subject: 'Your next car',
        body,
        from: { email: 'spoof@evil.test', name: 'Camille' },
      },
    });
    expect(res.statusCode).toBe(204);
    const mail = await smtp.next();
    expect(mail.subject).toBe('Your next car');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Camille', address: 'no-reply@forecourt.test' });
    expect(mail.replyTo?.value[0]?.address).toBe(MANAGER);
    expect(mail.text).toContain(
      'Hello,\nhere is the car: http://127.0.0.1:8080/p/AbCdEfGhIjKlMnOpQrStUv\n<script>alert(1)</script> & "quotes"',
    );
    const html = String(mail.html);
    expect(html).toContain('Hello,<br>here is the car: <a href="http://127.0.0.1:8080/p/AbCdEfGhIjKlMnOpQrStUv">');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(html).not.toContain('<script>');
    expect(
      html.match(/<[a-z]+/g)?.filter((t) => !['<html', '<body', '<div', '<br', '<a', '<head', '<meta'].includes(t)),
    ).toEqual([]);
  });

  it('does not link addresses that are not our player', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/notifications/EMAIL',
      headers: await authHeaders(adapters, MANAGER),
      payload: { to: 'buyer@example.test', subject: 'Look', body: 'https://evil.test/p/x' },
    });
    expect(String((await smtp.next()).html)).not.toContain('<a ');
  });

  it('checks the e-mail fields and the sending option', async () => {
    const headers = await authHeaders(adapters, MANAGER);
    const send = (payload: object, h = headers) =>
      app.inject({ method: 'POST', url: '/api/notifications/EMAIL', headers: h, payload });
    expect((await send({ to: 'not-an-address', subject: 'S', body: 'B' })).statusCode).toBe(400);
    expect((await send({ to: 'a@b.co', subject: '', body: 'B' })).statusCode).toBe(400);
    const forbidden = await send({ to: 'a@b.co', subject: 'S', body: 'B' }, await authHeaders(adapters, WORKSHOP));
    expect(forbidden.statusCode).toBe(403);
  });

  it('sends an SMS through the gateway with spaces stripped and line breaks kept', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/SMS',
      headers: await authHeaders(adapters, SALES),
      payload: { to: '+33 6 12 34 56 78', body: 'Your car:\nhttp://127.0.0.1:8080/p/x' },
    });
    expect(res.statusCode).toBe(204);
    expect(sms.at(-1)).toEqual({
      body: { to: '+33612345678', body: 'Your car:\nhttp://127.0.0.1:8080/p/x' },
      auth: 'Bearer gateway-token',
    });
  });

  it('refuses invalid numbers, long texts and users without the SMS option, and reports a gateway failure', async () => {
    const headers = await authHeaders(adapters, SALES);
    const send = (payload: object, h = headers) =>
      app.inject({ method: 'POST', url: '/api/notifications/SMS', headers: h, payload });
    const before = sms.length;
    for (const to of ['0612345678', '+33 6 12', '+1 555 0100 0000 0000', '+99912345678', 'abc']) {
      expect((await send({ to, body: 'Hi' })).statusCode, to).toBe(400);
    }
    expect((await send({ to: '+33612345678', body: 'x'.repeat(161) })).statusCode).toBe(400);
    expect((await send({ to: '+33612345678', body: '' })).statusCode).toBe(400);
    expect((await send({ to: '+33612345678', body: 'Hi' }, await authHeaders(adapters, WORKSHOP))).statusCode).toBe(
      403,
    );
    expect(sms.length).toBe(before);
    const failed = await send({ to: '+33612345699', body: 'Hi' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe('The SMS could not be sent');
  });

  it('records every real send in the outbox: SENT with the transport id, FAILED with the error', async () => {
    const manager = await authHeaders(adapters, MANAGER);
    const send = (channel: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/notifications/${channel}`, headers: manager, payload });
    expect((await send('EMAIL', { to: 'outbox@example.test', subject: 'Recorded', body: 'B' })).statusCode).toBe(204);
    const delivered = await smtp.next();
    expect((await send('EMAIL', { to: 'bounce@example.test', subject: 'Bounced', body: 'B' })).statusCode).toBe(502);
    expect((await send('SMS', { to: '+33612345677', body: 'Recorded SMS' })).statusCode).toBe(204);
    const list = await app.inject({ method: 'GET', url: '/api/notifications/outbox', headers: manager });
    const items = list.json().items as Record<string, string | null>[];
    const row = (recipient: string) => items.find((i) => i.recipient === recipient);
    expect(row('outbox@example.test')).toMatchObject({
      channel: 'EMAIL',
      subject: 'Recorded',
      status: 'SENT',
      transportId: delivered.messageId,
      error: null,
      sender: MANAGER,
    });
    expect(row('bounce@example.test')).toMatchObject({ status: 'FAILED', transportId: null });
    expect(row('bounce@example.test')?.error).toContain('Mailbox unavailable');
    expect(row('+33612345677')).toMatchObject({ channel: 'SMS', status: 'SENT', transportId: `gw-${sms.length}` });
    // The earlier tests' sends by SALES are there too, the failed SMS with the gateway's answer.
    expect(items.find((i) => i.recipient === '+33612345699')).toMatchObject({
      status: 'FAILED',
      error: 'The SMS gateway answered 503',
    });
  });
});

describe('notifications in the embedded outbox', () => {
  const ctx = useTestApp();

  it('keeps e-mail and SMS in the outbox, listed to the group’s provider administrators only', async () => {
    const sales = await authHeaders(ctx.adapters, SALES);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/EMAIL',
      headers: sales,
      payload: { to: 'a@b.co', subject: 'S', body: 'one<br>two' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/SMS',
      headers: sales,
      payload: { to: '+447911123456', body: 'Hi' },
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/outbox',
      headers: await authHeaders(ctx.adapters, MANAGER),
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as {
      channel: string;
      recipient: string;
      bodyText: string;
      sender: string;
      status: string;
    }[];
    expect(items.map((i) => [i.channel, i.recipient, i.bodyText, i.sender, i.status]).sort()).toEqual([
      ['EMAIL', 'a@b.co', 'one\ntwo', SALES, 'OUTBOX'],
      ['SMS', '+447911123456', 'Hi', SALES, 'OUTBOX'],
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/outbox', headers: sales })).statusCode).toBe(
      403,
    );
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/outbox',
      headers: await authHeaders(ctx.adapters, 'other@other-dealer.forecourt.test'),
    });
    expect(other.json().items).toEqual([]);
  });
});
