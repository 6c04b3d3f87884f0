import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { assertValidKey, type BlobInfo, type BlobObject, type BlobStore, type ListedBlob, type PresignGetOptions, type PresignPutOptions } from './blob-store';
import { bucketUrl, SigV4Presigner } from './sigv4-presigner';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Connection and idle timeouts (ms); 5 s and 60 s by default. */
  timeouts?: { connectMs: number; idleMs: number };
}

const isMissing = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible store. A presigned PUT binds the content type; S3 cannot bind a maximum length to a
 * PUT, so the size is checked again when the upload is registered.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  /** Links signed without the SDK's request stack, when the credentials are given (not from a provider chain). */
  private readonly presigner: SigV4Presigner | null;

  constructor(private readonly opts: S3Options) {
    // A dotted bucket name is addressed differently by the SDK over http and https: left to the SDK.
    this.presigner =
      opts.accessKeyId && opts.secretAccessKey && (opts.forcePathStyle || !opts.bucket.includes('.'))
        ? new SigV4Presigner({ bucketUrl: bucketUrl(opts), region: opts.region, accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey })
        : null;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      // Checksums only where S3 requires them: a streamed file body is then sent as is, not aws-chunked
      // with a trailer, which S3-compatible stores (MinIO, s3rver) do not all decode.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // A store that stops answering (a network partition, a half-open connection) fails the call instead
      // of holding it for ever: the job then meets a TimeoutError, retried as an unavailable service.
      // The socket's idle time, not the request's total (which would cut a long upload that moves; and the
      // SDK's requestTimeout only warns unless told to throw).
      requestHandler: { connectionTimeout: opts.timeouts?.connectMs ?? 5000, socketTimeout: opts.timeouts?.idleMs ?? 60_000 },
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { size: r.ContentLength ?? 0, contentType: r.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<BlobObject | null> {
    assertValidKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return {
        size: r.ContentLength ?? 0,
        contentType: r.ContentType ?? 'application/octet-stream',
        body: r.Body as Readable,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<BlobObject | null> {
    assertValidKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key, Range: `bytes=${start}-${end}` }));
      return { size: r.ContentLength ?? end - start + 1, contentType: r.ContentType ?? 'application/octet-stream', body: r.Body as Readable };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await fsp.stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ContentType: contentType }),
    );
    await fsp.rm(file, { force: true });
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    const obj = await this.get(key);
    if (!obj) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of obj.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertValidKey(key);
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const r = await this.client.send(new DeleteObjectsCommand({ Bucket: this.opts.bucket, Delete: { Objects, Quiet: true } }));
      // DeleteObjects answers 200 with per-key errors: a key it could not delete is a failure like delete's.
      const failed = r.Errors?.[0];
      if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    assertValidKey(folder.slice(0, -1));
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: folder, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.opts.bucket, Delete: { Objects: keys } }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    assertValidKey(folder.slice(0, -1));
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: folder, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** An S3 PUT is whole or absent: nothing of this driver's is left half-written. */
  async localFile(): Promise<string | null> {
    return null;
  }

  async sweepTemporary(): Promise<number> {
    return 0;
  }

  async presignPut(key: string, opts: PresignPutOptions): Promise<string> {
    assertValidKey(key);
    if (this.presigner) {
      return this.presigner.presign({ method: 'PUT', key, expiresInSeconds: opts.expiresInSeconds, query: { 'x-id': 'PutObject' }, headers: { 'content-type': opts.contentType } });
    }
    const cmd = new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, ContentType: opts.contentType });
    return getSignedUrl(this.client, cmd, { expiresIn: opts.expiresInSeconds, signableHeaders: new Set(['content-type']) });
  }

  async presignGet(key: string, opts: PresignGetOptions): Promise<string> {
    assertValidKey(key);
    const disposition = opts.downloadName ? `attachment; filename*=UTF-8''${encodeURIComponent(opts.downloadName)}` : undefined;
    if (this.presigner) {
      const query: Record<string, string> = { 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' };
      if (disposition) query['response-content-disposition'] = disposition;
      return this.presigner.presign({ method: 'GET', key, expiresInSeconds: opts.expiresInSeconds, query });
    }
    const cmd = new GetObjectCommand({ Bucket: this.opts.bucket, Key: key, ResponseContentDisposition: disposition });
    return getSignedUrl(this.client, cmd, { expiresIn: opts.expiresInSeconds });
  }

  destroy(): void {
    this.client.destroy();
  }
}
