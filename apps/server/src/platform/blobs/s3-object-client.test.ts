import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransientError } from '../transient-errors';
import { S3ObjectClient } from './s3-object-client';
import { bucketUrl, SigV4Signer } from './sigv4-signer';

/** A scripted store on 127.0.0.1: each request takes the next answer of the script and is recorded. */
function scriptedStore() {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let script: ((res: http.ServerResponse, req: http.IncomingMessage) => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const next = script.shift();
      if (next) next(res, req);
      else res.writeHead(500).end();
    });
  });
  return {
    seen,
    server,
    play: (...answers: typeof script) => {
      script = answers;
      seen.length = 0;
    },
  };
}

const xmlError = (status: number, code: string, message: string) => (res: http.ServerResponse) =>
  res
    .writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'REQ1' })
    .end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);

describe('S3ObjectClient', () => {
  const store = scriptedStore();
  let client: S3ObjectClient;

  beforeAll(async () => {
    await new Promise<void>((resolve) => store.server.listen(0, '127.0.0.1', resolve));
    const url = bucketUrl({
      bucket: 'b',
      region: 'eu-west-3',
      endpoint: `http://127.0.0.1:${(store.server.address() as AddressInfo).port}`,
      forcePathStyle: true,
    });
    const signer = new SigV4Signer({ bucketUrl: url, region: 'eu-west-3', accessKeyId: 'AK', secretAccessKey: 'SK' });
    client = new S3ObjectClient({
      signer,
      bucketUrl: url,
      timeouts: { connectMs: 1000, idleMs: 1000 },
      backoffMs: () => 1,
    });
  });
  afterAll(() => {
    client.destroy();
    store.server.close();
  });

  it('sends a PUT signed in its headers, the body unsigned, with its length and type', async () => {
    store.play((res) => res.writeHead(200).end());
    await client.put('shootings/x/1 (a).jpg', Buffer.from('bytes'), 'image/jpeg');
    const [put] = store.seen;
    expect(put).toMatchObject({ method: 'PUT', url: '/b/shootings/x/1%20%28a%29.jpg', body: 'bytes' });
    expect(put!.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': '5',
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    });
    expect(put!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/eu-west-3\/s3\/aws4_request,SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );
  });

  it('retries a 503 and a cut connection, and succeeds on the third attempt as the SDK would', async () => {
    store.play(
      xmlError(503, 'SlowDown', 'Reduce your request rate.'),
      (res) => res.socket!.destroy(),
      (res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok'),
    );
    const obj = await client.get('a.txt');
    const chunks: Buffer[] = [];
    for await (const c of obj!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('ok');
    expect(store.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('gives up after three attempts with S3 error, named by its code, that says the store is unavailable', async () => {
    store.play(
      xmlError(500, 'InternalError', 'We encountered an internal error.'),
      xmlError(500, 'InternalError', 'x'),
      xmlError(500, 'InternalError', 'We encountered an internal error.'),
    );
    const err = await client.head('a.txt').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({
      name: 'InternalError',
      $metadata: { httpStatusCode: 500, requestId: 'REQ1', attempts: 3 },
    });
    expect(isTransientError(err)).toBe(true);
    expect(store.seen).toHaveLength(3);
  });

  it('does not retry a refusal, and names it by its code', async () => {
    store.play(xmlError(403, 'AccessDenied', 'Access Denied'));
    const err = await client.put('a.txt', Buffer.from('x'), 'text/plain').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ name: 'AccessDenied', message: 'Access Denied', $metadata: { httpStatusCode: 403 } });
    expect(isTransientError(err)).toBe(false);
    expect(store.seen).toHaveLength(1);
  });

  it('answers null for a missing object, but a PUT into a missing bucket fails', async () => {
    store.play(
      (res) => res.writeHead(404).end(),
      xmlError(404, 'NoSuchKey', 'The specified key does not exist.'),
      xmlError(404, 'NoSuchBucket', 'The specified bucket does not exist'),
    );
    expect(await client.head('gone.jpg')).toBeNull();
    expect(await client.get('gone.jpg', { start: 0, end: 9 })).toBeNull();
    await expect(client.put('a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('reads a range with its length and sends the file body again on a retry', async () => {
    store.play(
      (res, req) =>
        res
          .writeHead(206, { 'content-type': 'video/mp4', 'content-length': '3', 'x-range': req.headers.range })
          .end('abc'),
      xmlError(503, 'ServiceUnavailable', 'Please try again.'),
      (res) => res.writeHead(200).end(),
    );
    const part = await client.get('clip.mp4', { start: 10, end: 12 });
    part!.body.resume();
    expect(part).toMatchObject({ size: 3, contentType: 'video/mp4' });
    expect(store.seen[0]!.headers.range).toBe('bytes=10-12');
    await client.put('clip.mp4', { open: () => Readable.from([Buffer.from('file-bytes')]), size: 10 }, 'video/mp4');
    expect(store.seen.slice(1).map((r) => r.body)).toEqual(['file-bytes', 'file-bytes']);
  });

  it('deletes a batch of keys in one signed POST with its Content-MD5, and fails on a key S3 could not delete', async () => {
    store.play(
      (res) =>
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>'),
      (res) =>
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            '<DeleteResult><Error><Key>b&amp;c.jpg</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>',
          ),
    );
    await client.deleteBatch(['a.jpg', 'b&c.jpg']);
    const [post] = store.seen;
    expect(post).toMatchObject({ method: 'POST', url: '/b?delete=' });
    expect(post!.body).toContain(
      '<Object><Key>a.jpg</Key></Object><Object><Key>b&amp;c.jpg</Key></Object><Quiet>true</Quiet>',
    );
    expect(post!.headers['content-md5']).toBe(createHash('md5').update(post!.body).digest('base64'));
    await expect(client.deleteBatch(['b&c.jpg'])).rejects.toThrow(
      'S3 could not delete b&c.jpg: AccessDenied Access Denied',
    );
  });

  it('lists a folder page by page, following the continuation token, keys unescaped', async () => {
    const xml = (contents: string, next?: string) =>
      `<?xml version="1.0"?><ListBucketResult><Name>b</Name><Prefix>up/</Prefix><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`;
    store.play(
      (res) =>
        res
          .writeHead(200)
          .end(
            xml(
              '<Contents><Key>up/a&amp;b.jpg</Key><LastModified>2026-11-26T09:00:00.000Z</LastModified><Size>1</Size></Contents>',
              'tok+/=',
            ),
          ),
      (res) =>
        res
          .writeHead(200)
          .end(xml('<Contents><Key>up/c.jpg</Key><LastModified>2026-11-26T09:30:00.000Z</LastModified></Contents>')),
    );
    const pages = [];
    for await (const page of client.listPages('up/')) pages.push(page);
    expect(pages).toEqual([
      [{ key: 'up/a&b.jpg', modifiedAt: new Date('2026-11-26T09:00:00.000Z') }],
      [{ key: 'up/c.jpg', modifiedAt: new Date('2026-11-26T09:30:00.000Z') }],
    ]);
    expect(store.seen.map((r) => r.url)).toEqual([
      '/b?list-type=2&prefix=up%2F',
      '/b?continuation-token=tok%2B%2F%3D&list-type=2&prefix=up%2F',
    ]);
  });

  it('closes the file of every failed attempt', async () => {
    store.play(
      (res) => res.socket!.destroy(),
      (res) => res.socket!.destroy(),
      (res) => res.socket!.destroy(),
    );
    const opened: Readable[] = [];
    const open = () => {
      // Its bytes sent but its end never read, as a file whose request fails before the stream finishes.
      const stream = new Readable({ read: () => undefined });
      stream.push(Buffer.from('file-bytes'));
      opened.push(stream);
      return stream;
    };
    await expect(client.put('clip.mp4', { open, size: 10 }, 'video/mp4')).rejects.toThrow();
    expect(opened).toHaveLength(3);
    expect(opened.every((s) => s.destroyed)).toBe(true);
  });
});
