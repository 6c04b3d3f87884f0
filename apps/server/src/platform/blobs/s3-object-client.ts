import { createHash } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isTransientError } from '../transient-errors';
import type { BlobInfo, BlobObject, ListedBlob } from './blob-store';
import type { PutBody, S3Objects } from './s3-objects';
import type { SigV4Signer } from './sigv4-signer';

export interface S3ObjectRequest {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE' | 'POST';
  /** The object's key; empty for a call on the bucket. */
  key: string;
  query?: Record<string, string>;
  /** Lower-case names. */
  headers?: Record<string, string>;
  body?: PutBody;
}

export interface S3ObjectClientOptions {
  signer: SigV4Signer;
  bucketUrl: URL;
  timeouts: { connectMs: number; idleMs: number };
  /** Attempts in all, the first included; 3 as the SDK's standard retry mode. */
  maxAttempts?: number;
  /** Waits before each retry; the SDK's full-jitter exponential backoff by default. */
  backoffMs?: (retry: number) => number;
}

/** An S3 error answer, shaped as the AWS SDK's (name = S3's error code, `$metadata.httpStatusCode`), so callers and isTransientError read both alike. */
export class S3ResponseError extends Error {
  readonly $metadata: { httpStatusCode: number; requestId?: string | undefined; attempts: number };
  readonly $fault: 'client' | 'server';
  constructor(name: string, message: string, status: number, requestId: string | undefined, attempts: number) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status, requestId, attempts };
    this.$fault = status >= 500 ? 'server' : 'client';
  }
}

// What the SDK names an error answer without a body (HEAD's): by its status.
const NAME_BY_STATUS: Record<number, string> = {
  400: 'BadRequest',
  403: 'Forbidden',
  404: 'NotFound',
  412: 'PreconditionFailed',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);/g, (_, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : NAMED_ENTITIES[e]!,
  );
const xmlField = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]!) : undefined;
};
const text = async (res: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of res) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const timeoutError = (message: string) => Object.assign(new Error(message), { name: 'TimeoutError' });
const sdkBackoff = (retry: number) => Math.random() * Math.min(20_000, 100 * 2 ** retry);

/**
 * The S3 driver's calls (GET, ranged GET, PUT, HEAD, DELETE of one object, DeleteObjects, ListObjectsV2) over node:http with a
 * keep-alive agent and SigV4 headers, the body unsigned (UNSIGNED-PAYLOAD: S3 accepts it, and a PUT's bytes
 * are not hashed on the event loop). Retries and errors as the SDK's: up to 3 attempts on a cut connection,
 * a timeout, a 5xx or throttling, with full-jitter backoff; an error answer becomes an error named by S3's
 * code. Multipart (tus's S3 store) stays with the SDK.
 */
export class S3ObjectClient implements S3Objects {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(private readonly opts: S3ObjectClientOptions) {
    const secure = opts.bucketUrl.protocol === 'https:';
    this.transport = secure ? https : http;
    // The SDK's own defaults: connections kept alive, at most 50 at a time to the store.
    this.agent = secure
      ? new https.Agent({ keepAlive: true, maxSockets: 50 })
      : new http.Agent({ keepAlive: true, maxSockets: 50 });
  }

  async put(key: string, body: PutBody, contentType: string): Promise<void> {
    (await this.send({ method: 'PUT', key, body, headers: { 'content-type': contentType } }))?.resume();
  }

  async head(key: string): Promise<BlobInfo | null> {
    const res = await this.send({ method: 'HEAD', key });
    res?.resume();
    return (
      res && {
        size: Number(res.headers['content-length'] ?? 0),
        contentType: res.headers['content-type'] ?? 'application/octet-stream',
      }
    );
  }

  async get(key: string, range?: { start: number; end: number }): Promise<BlobObject | null> {
    const res = await this.send({
      method: 'GET',
      key,
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (!res) return null;
    const size = res.headers['content-length']
      ? Number(res.headers['content-length'])
      : range
        ? range.end - range.start + 1
        : 0;
    return { size, contentType: res.headers['content-type'] ?? 'application/octet-stream', body: res };
  }

  async delete(key: string): Promise<void> {
    (await this.send({ method: 'DELETE', key }))?.resume();
  }

  async deleteBatch(keys: readonly string[]): Promise<void> {
    const objects = keys.map((k) => `<Object><Key>${escapeXml(k)}</Key></Object>`).join('');
    const body = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${objects}<Quiet>true</Quiet></Delete>`,
    );
    // S3 requires an integrity header on DeleteObjects; Content-MD5 is the one every S3-compatible store reads.
    const headers = {
      'content-type': 'application/xml',
      'content-md5': createHash('md5').update(body).digest('base64'),
    };
    const res = await this.send({ method: 'POST', key: '', query: { delete: '' }, headers, body });
    const xml = res ? await text(res) : '';
    // It answers 200 with per-key errors (quiet mode lists only those): a key it could not delete is a failure like delete's.
    const failed = /<Error>([\s\S]*?)<\/Error>/.exec(xml)?.[1];
    if (failed)
      throw new Error(
        `S3 could not delete ${xmlField(failed, 'Key')}: ${xmlField(failed, 'Code')} ${xmlField(failed, 'Message')}`,
      );
  }

  async *listPages(folder: string): AsyncIterable<ListedBlob[]> {
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix: folder };
      if (token) query['continuation-token'] = token;
      const res = await this.send({ method: 'GET', key: '', query });
      if (!res) throw new S3ResponseError('NoSuchBucket', 'The bucket does not exist', 404, undefined, 1);
      const xml = await text(res);
      const page: ListedBlob[] = [];
      for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = xmlField(entry!, 'Key');
        const modified = xmlField(entry!, 'LastModified');
        if (key) page.push({ key, modifiedAt: modified ? new Date(modified) : new Date(0) });
      }
      yield page;
      token = xmlField(xml, 'IsTruncated') === 'true' ? xmlField(xml, 'NextContinuationToken') : undefined;
    } while (token);
  }

  /**
   * Sends the request, retried while the store is unavailable. Answers the response of a 2xx with its body
   * unread, null for a 404 (a missing key), and throws for any other answer.
   */
  private async send(req: S3ObjectRequest): Promise<IncomingMessage | null> {
    const maxAttempts = this.opts.maxAttempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(req, attempt);
      } catch (err) {
        const status = (err as Partial<S3ResponseError>).$metadata?.httpStatusCode;
        if (attempt >= maxAttempts || !(isTransientError(err) || status === 429)) throw err;
        await new Promise((resolve) => setTimeout(resolve, (this.opts.backoffMs ?? sdkBackoff)(attempt)));
      }
    }
  }

  destroy(): void {
    this.agent.destroy();
  }

  private once(req: S3ObjectRequest, attempt: number): Promise<IncomingMessage | null> {
    const body = req.body;
    const size = body === undefined ? undefined : Buffer.isBuffer(body) ? body.length : body.size;
    const headers = size === undefined ? req.headers : { ...req.headers, 'content-length': String(size) };
    const signed = this.opts.signer.sign({ method: req.method, key: req.key, query: req.query, headers });
    return new Promise((resolve, reject) => {
      const request = this.transport.request(signed.url, {
        method: req.method,
        headers: signed.headers,
        agent: this.agent,
      });
      const { connectMs, idleMs } = this.opts.timeouts;
      // A store that stops answering fails the call instead of holding it for ever: a connection not made
      // in connectMs, or a socket idle for idleMs (not the whole call, which would cut a long transfer that moves).
      request.setTimeout(idleMs, () => request.destroy(timeoutError(`S3 ${req.method} idle for ${idleMs} ms`)));
      request.once('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(
          () => request.destroy(timeoutError(`No connection to S3 within ${connectMs} ms`)),
          connectMs,
        );
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      request.on('error', reject);
      request.once('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(res);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.once('error', reject);
        res.once('end', () => {
          if (status === 404 && (req.method === 'GET' || req.method === 'HEAD')) return resolve(null);
          const xml = Buffer.concat(chunks).toString('utf8');
          const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? NAME_BY_STATUS[status] ?? `Http${status}`;
          const message =
            unescapeXml(/<Message>([^<]*)<\/Message>/.exec(xml)?.[1] ?? '') || `S3 answered ${status} to ${req.method}`;
          reject(
            new S3ResponseError(code, message, status, res.headers['x-amz-request-id'] as string | undefined, attempt),
          );
        });
      });
      if (body === undefined) request.end();
      else if (Buffer.isBuffer(body)) request.end(body);
      else {
        const stream = body.open();
        stream.once('error', (err) => request.destroy(err));
        // A request that fails before the file is read to its end leaves the file open: closed with it.
        request.once('error', () => stream.destroy());
        request.once('close', () => stream.destroy());
        stream.pipe(request);
      }
    });
  }
}
