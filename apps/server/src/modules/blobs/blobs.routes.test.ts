import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import type { FsBlobStore } from '../../platform/blobs/fs-blob-store';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

describe('/blobs presigned URLs (filesystem driver)', () => {
  const clock = new TestClock('2026-03-02T09:00:00Z');
  let adapters: Adapters;
  let blobs: FsBlobStore;
  let app: App;
  let port: number;
  let n = 0;
  const key = () => `uploads/${++n}/front.jpg`;
  const jpeg = (size: number) => Buffer.alloc(size, 0xab);
  const signPut = (k: string, maxBytes = 1000) =>
    blobs.presignPut(k, {
      contentType: 'image/jpeg',
      maxBytes,
      expiresInSeconds: adapters.config.PRESIGN_PUT_TTL_SECONDS,
    });
  const put = (
    url: string,
    payload: Buffer | Readable,
    headers: Record<string, string> = { 'content-type': 'image/jpeg' },
  ) => app.inject({ method: 'PUT', url, payload, headers });
  const blobFiles = () =>
    fs
      .readdirSync(path.join(adapters.dataDir, 'blobs'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile());

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    blobs = adapters.blobs as FsBlobStore;
    app = await buildApp(adapters);
    // Also on a real socket, for what app.inject cannot show: resets and clients that go away.
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('stores an upload within its limits and serves it back', async () => {
    const k = key();
    const res = await put(await signPut(k), jpeg(1000));
    expect(res.statusCode).toBe(200);
    const got = await app.inject({ method: 'GET', url: await blobs.presignGet(k, { expiresInSeconds: 60 }) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.equals(jpeg(1000))).toBe(true);
  });

  it.each([
    ['the signature', (u: URL) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}AA`)],
    ['the size limit', (u: URL) => u.searchParams.set('max', '999999999')],
    ['the content type', (u: URL) => u.searchParams.set('type', 'text/html')],
    ['the expiry', (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 86_400))],
    ['the key', (u: URL) => (u.pathname = u.pathname.replace('front.jpg', 'rear.jpg'))],
    ['the operation', (u: URL) => u.searchParams.set('op', 'get')],
  ])('refuses an upload whose URL had %s changed, and writes nothing', async (_what, tamper) => {
    const k = key();
    const url = new URL(await signPut(k), 'http://x');
    tamper(url);
    const res = await put(url.pathname + url.search, jpeg(10), {
      'content-type': url.searchParams.get('type') ?? 'image/jpeg',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SIGNATURE_INVALID');
    expect(await blobs.head(k)).toBeNull();
    expect(await blobs.head(k.replace('front.jpg', 'rear.jpg'))).toBeNull();
  });

  it('serves a byte range of a file (video seeking) and refuses one past its end', async () => {
    const k = key();
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await blobs.put(k, body, 'video/mp4');
    const url = await blobs.presignGet(k, { expiresInSeconds: 60 });
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=100-299' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-299/1000');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.rawPayload.equals(body.subarray(100, 300))).toBe(true);
    const past = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
  });

  it('refuses an upload without a signature', async () => {
    const res = await put(`/blobs/${key()}`, jpeg(10));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a download through an upload URL', async () => {
    const k = key();
    await blobs.put(k, jpeg(10), 'image/jpeg');
    const res = await app.inject({ method: 'GET', url: await signPut(k) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SIGNATURE_INVALID');
  });

  it('accepts an upload until its URL expires (15 minutes by default), then refuses it', async () => {
    const k = key();
    const url = await signPut(k);
    clock.advance(15 * 60 * 1000);
    expect((await put(url, jpeg(10))).statusCode).toBe(200);
    await blobs.delete(k);
    clock.advance(1000);
    const res = await put(url, jpeg(10));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SIGNATURE_EXPIRED');
    expect(await blobs.head(k)).toBeNull();
  });

  it('refuses an expired download link', async () => {
    const k = key();
    await blobs.put(k, jpeg(10), 'image/jpeg');
    const url = await blobs.presignGet(k, { expiresInSeconds: 60 });
    clock.advance(61_000);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SIGNATURE_EXPIRED');
  });

  it('refuses an upload whose declared length is over the limit, and writes nothing', async () => {
    const k = key();
    const res = await put(await signPut(k, 1000), jpeg(1001));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await blobs.head(k)).toBeNull();
  });

  it('refuses a streamed upload that runs past the limit without declaring its length, and writes nothing', async () => {
    const k = key();
    const before = blobFiles().length;
    const body = Readable.from([jpeg(600), jpeg(600)]);
    const res = await put(await signPut(k, 1000), body, {
      'content-type': 'image/jpeg',
      'transfer-encoding': 'chunked',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await blobs.head(k)).toBeNull();
    expect(blobFiles().length).toBe(before);
  });

  it('answers a streamed oversized upload over a real connection with 413, not a reset', async () => {
    const k = key();
    const url = await signPut(k, 1000);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: url, method: 'PUT', headers: { 'content-type': 'image/jpeg' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(jpeg(600));
      req.write(jpeg(600));
      req.end();
    });
    expect(status).toBe(413);
    expect(await blobs.head(k)).toBeNull();
  });

  it('removes the partial file of an upload whose client went away', async () => {
    const k = key();
    const url = await signPut(k, 1000);
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: url,
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
    });
    req.on('error', () => undefined);
    req.write(jpeg(500));
    const tmpDir = path.join(adapters.dataDir, 'blobs', 'tmp');
    while (fs.readdirSync(tmpDir).length === 0) await new Promise((r) => setTimeout(r, 5));
    req.destroy();
    while (fs.readdirSync(tmpDir).length > 0) await new Promise((r) => setTimeout(r, 5));
    expect(await blobs.head(k)).toBeNull();
  });

  it('refuses, without waiting, a body whose client went away before the store read it, and leaves no file', async () => {
    // A request's handler can run after its client is already gone (hooks are asynchronous).
    const body = new Readable({ read() {} });
    body.push(jpeg(100));
    body.destroy();
    await new Promise((r) => body.once('close', r));
    const before = blobFiles().length;
    await expect(blobs.putStream(key(), body, 'image/jpeg', 1000)).rejects.toThrow();
    expect(blobFiles().length).toBe(before);
  });

  it('refuses an upload in another content type than the signed one', async () => {
    const k = key();
    const res = await put(await signPut(k), Buffer.from('<svg/>'), { 'content-type': 'image/svg+xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await blobs.head(k)).toBeNull();
  });

  it('keeps the previous file whole when a replacing upload fails', async () => {
    const k = key();
    await blobs.put(k, jpeg(800), 'image/jpeg');
    const res = await put(await signPut(k, 1000), Readable.from([jpeg(700), jpeg(700)]), {
      'content-type': 'image/jpeg',
      'transfer-encoding': 'chunked',
    });
    expect(res.statusCode).toBe(413);
    expect((await blobs.getBuffer(k))?.equals(jpeg(800))).toBe(true);
  });

  it('shows nothing under the key until the upload has fully arrived', async () => {
    const k = key();
    let pushMore!: () => void;
    const body = new Readable({ read() {} });
    const halfway = new Promise<void>((resolve) => {
      pushMore = () => {
        body.push(jpeg(500));
        resolve();
      };
    });
    const pending = put(await signPut(k, 1000), body, { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' });
    pushMore();
    await halfway;
    expect(await blobs.head(k)).toBeNull();
    body.push(jpeg(500));
    body.push(null);
    expect((await pending).statusCode).toBe(200);
    expect(await blobs.head(k)).toEqual({ size: 1000, contentType: 'image/jpeg' });
  });
});
