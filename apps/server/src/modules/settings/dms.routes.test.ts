import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../platform/dms/webhook-target';
import { makeShooting } from '../shootings/shootings.fixtures';
import { drainJobs, MANAGER, SALES, setup } from '../shootings/shootings.test-helpers';

const SECRET = 'a-group-webhook-secret';
const dmsUrl = '/api/settings/groups/grp-demo/dms';

describe("a group's DMS", () => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let answer = 204;
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answer;
      res.end();
    });
  });
  let url = '';
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dms`;
    t = await setup({ DMS_ALLOW_PRIVATE_WEBHOOKS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => receiver.close(r));
  });

  it('is for provider administrators and customer success', async () => {
    const sales = await t.headers(SALES);
    expect((await t.app.inject({ method: 'GET', url: dmsUrl, headers: sales })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${dmsUrl}/test`, headers: sales })).statusCode).toBe(403);
  });

  it('follows DMS_DRIVER until the group has its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: dmsUrl, headers: await t.headers(MANAGER) });
    expect(res.json()).toMatchObject({
      driver: 'default',
      effectiveDriver: 'folder',
      hasSecret: false,
      deliveries: [],
    });
  });

  it('refuses a secret under 16 characters and a webhook without one', async () => {
    const headers = await t.headers(MANAGER);
    const short = await t.app.inject({
      method: 'PUT',
      url: dmsUrl,
      headers,
      payload: { driver: 'webhook', url, secret: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'PUT', url: dmsUrl, headers, payload: { driver: 'webhook', url } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details).toMatchObject({ field: 'secret' });
  });

  it('sends a signed test to the group webhook, then pushes shootings there, each delivery recorded', async () => {
    const headers = await t.headers(MANAGER);
    const saved = await t.app.inject({
      method: 'PUT',
      url: dmsUrl,
      headers,
      payload: { driver: 'webhook', url, secret: SECRET },
    });
    expect(saved.json()).toMatchObject({ driver: 'webhook', effectiveDriver: 'webhook', url, hasSecret: true });
    expect(saved.body).not.toContain(SECRET);

    const test = await t.app.inject({ method: 'POST', url: `${dmsUrl}/test`, headers });
    expect(test.json()).toMatchObject({ kind: 'test', status: 'OK', driver: 'webhook', target: url, error: null });
    expect(received).toHaveLength(1);
    const { headers: got, body } = received[0]!;
    expect(JSON.parse(body)).toMatchObject({ registration: 'FORECOURT-TEST', images: [] });
    const [, ts, sig] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(got['x-forecourt-signature']))!;
    expect(sig).toBe(createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex'));

    // A shooting of the group's stock goes to the same webhook.
    const s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      registration: 'GD-001-MS',
      images: [{ position: 1, type: 'STAMPED' }],
    });
    await t.app.inject({ method: 'POST', url: `/api/shootings/${s.shootingId}/replay_dms`, headers });
    await drainJobs(t.adapters);
    expect(JSON.parse(received[1]!.body)).toMatchObject({ registration: 'GD-001-MS' });

    // A secret left out is kept.
    await t.app.inject({ method: 'PUT', url: dmsUrl, headers, payload: { driver: 'webhook', url } });
    answer = 500;
    const failed = await t.app.inject({ method: 'POST', url: `${dmsUrl}/test`, headers });
    answer = 204;
    expect(failed.json()).toMatchObject({ status: 'FAILED', error: expect.stringContaining('500') });
    expect(received[2]!.headers['x-forecourt-signature']).toMatch(/^t=\d+,v1=/);

    const list = await t.app.inject({ method: 'GET', url: dmsUrl, headers });
    expect(list.json().deliveries.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([
      ['test', 'FAILED'],
      ['push', 'OK'],
      ['test', 'OK'],
    ]);
    const audit = await t.adapters.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'dms.update')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.after).join()).not.toContain(SECRET);
  });

  it('goes back to the default driver', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: dmsUrl,
      headers: await t.headers(MANAGER),
      payload: { driver: 'default' },
    });
    expect(res.json()).toMatchObject({ driver: 'default', effectiveDriver: 'folder', url: null });
  });
});

describe('webhook addresses', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => t.close());

  it('refuses private and loopback addresses unless DMS_ALLOW_PRIVATE_WEBHOOKS', async () => {
    const headers = await t.headers(MANAGER);
    for (const url of [
      'http://127.0.0.1:9/dms',
      'http://10.1.2.3/dms',
      'http://[::1]/dms',
      'http://localhost/dms',
      'ftp://example.com/x',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: dmsUrl,
        headers,
        payload: { driver: 'webhook', url, secret: SECRET },
      });
      expect(res.statusCode, url).toBe(400);
    }
    expect(
      ['192.168.1.1', '172.20.0.1', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1'].every(isPrivateAddress),
    ).toBe(true);
    expect(['93.184.216.34', '2606:4700::1111'].some(isPrivateAddress)).toBe(false);
  });
});
