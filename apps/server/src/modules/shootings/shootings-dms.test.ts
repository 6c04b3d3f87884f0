import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting } from './shootings.fixtures';
import { drainJobs, MANAGER, SALES, setup } from './shootings.test-helpers';

const detail = async (
  t: Awaited<ReturnType<typeof setup>>,
  s: { ownerId: string; productId: string; shootingId: string },
) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`,
      headers: await t.headers(MANAGER),
    })
  ).json();

describe('DMS resend, folder driver', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(async () => t.close());

  it('goes NOT_SENT → PENDING → SYNCED and writes the manifest and the final images', async () => {
    const s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      registration: 'DM-001-SS',
      images: [
        { position: 1, type: 'ORIGINAL' },
        { position: 1, type: 'STAMPED' },
        { position: 2, type: 'ORIGINAL' },
      ],
    });
    expect((await detail(t, s)).dmsStatus).toBe('NOT_SENT');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shootings/${s.shootingId}/replay_dms`,
      headers: await t.headers(MANAGER),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ dmsStatus: 'PENDING' });
    expect((await detail(t, s)).dmsStatus).toBe('PENDING');

    await drainJobs(t.adapters);
    const after = await detail(t, s);
    expect(after.dmsStatus).toBe('SYNCED');
    expect(after.dmsSyncedAt).toEqual(expect.any(String));
    const dir = path.join(t.adapters.dataDir, 'dms-exports', 'own-demo-paris', 'DM-001-SS');
    expect(fs.readdirSync(dir).sort()).toEqual(['001-STAMPED.jpg', '002-ORIGINAL.jpg', 'manifest.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      registration: 'DM-001-SS',
      ownerId: 'own-demo-paris',
      images: [
        { order: 1, imageType: 'STAMPED', file: '001-STAMPED.jpg' },
        { order: 2, imageType: 'ORIGINAL', file: '002-ORIGINAL.jpg' },
      ],
    });
    expect(
      fs.readFileSync(path.join(dir, '002-ORIGINAL.jpg')).equals((await t.adapters.blobs.getBuffer(s.images[2]!.key))!),
    ).toBe(true);
  });

  it('refuses a virtual shooting and a user without the option', async () => {
    const virtual = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      vin: 'Virtual_6f1c0c8e-7d3a-4c55-9a4f-1d2e3f4a5b6c',
      productType: 'VIRTUAL',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shootings/${virtual.shootingId}/replay_dms`,
      headers: await t.headers(MANAGER),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/virtual/i);
    const real = await makeShooting(t.adapters, { ownerId: 'own-demo-paris' });
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/shootings/${real.shootingId}/replay_dms`,
      headers: await t.headers(SALES),
    });
    expect(denied.statusCode).toBe(403);
    expect((await detail(t, real)).dmsStatus).toBe('NOT_SENT');
  });
});

describe('DMS resend, webhook driver', () => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let failuresLeft = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = failuresLeft-- > 0 ? 503 : 204;
      res.end();
    });
  });
  let t: Awaited<ReturnType<typeof setup>>;
  const secret = 'a-webhook-secret-of-test';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t = await setup({
      DMS_DRIVER: 'webhook',
      DMS_WEBHOOK_URL: `http://127.0.0.1:${port}/dms`,
      DMS_WEBHOOK_SECRET: secret,
    });
    // Retries come quickly in tests; in production the queue's backoff starts at a second.
    (t.adapters.queue.options as { backoffBaseMs?: number }).backoffBaseMs = 1;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => server.close(r));
  });

  it('posts a signed JSON body, retries a failing receiver and ends SYNCED', async () => {
    failuresLeft = 2;
    const s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-lyon',
      registration: 'WH-001-KK',
      images: [{ position: 1, type: 'STAMPED' }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shootings/${s.shootingId}/replay_dms`,
      headers: await t.headers(MANAGER),
    });
    expect(res.statusCode).toBe(200);
    await drainJobs(t.adapters);
    expect(received).toHaveLength(3);
    const last = received[2]!;
    const [tPart, vPart] = String(last.headers['x-forecourt-signature']).split(',');
    const ts = tPart!.slice(2);
    expect(vPart).toBe(`v1=${createHmac('sha256', secret).update(`${ts}.${last.body}`).digest('hex')}`);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    const body = JSON.parse(last.body);
    expect(body).toMatchObject({ registration: 'WH-001-KK', images: [{ order: 1, imageType: 'STAMPED' }] });
    expect(body.images[0].file).toMatch(/^http:\/\/127\.0\.0\.1:8080\/blobs\//);
    expect((await detail(t, s)).dmsStatus).toBe('SYNCED');
  });
});
