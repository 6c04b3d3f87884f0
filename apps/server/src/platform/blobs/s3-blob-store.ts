import fs from 'node:fs';
import fsp from 'node:fs/promises';
import {
  assertValidKey,
  type BlobInfo,
  type BlobObject,
  type BlobStore,
  type ListedBlob,
  type PresignGetOptions,
  type PresignPutOptions,
  safeDownloadName,
} from './blob-store';
import { S3ObjectClient } from './s3-object-client';
import type { S3Objects, S3Options } from './s3-objects';
import { S3SdkClient } from './s3-sdk-client';
import { bucketUrl, SigV4Signer } from './sigv4-signer';
import { isTransientError } from '../transient-errors';

/** Reads of a whole object's body, the first included: the client's own attempts (3) for a request. */
const BODY_READ_ATTEMPTS = 3;

/**
 * Any S3-compatible store. A presigned PUT binds the content type; S3 cannot bind a maximum length to a
 * PUT, so the size is checked again when the upload is registered.
 *
 * With the credentials in the settings, links and every call are signed and sent here (SigV4Signer,
 * S3ObjectClient); when the credentials come from the SDK's provider chain (or the bucket name has dots),
 * everything goes through the AWS SDK, loaded only then.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  private readonly sdk: S3SdkClient;
  private readonly signer: SigV4Signer | null;
  private readonly objects: S3Objects;

  constructor(private readonly opts: S3Options) {
    this.sdk = new S3SdkClient(opts);
    // A dotted bucket name is addressed differently by the SDK over http and https: left to the SDK.
    const url = bucketUrl(opts);
    this.signer =
      opts.accessKeyId && opts.secretAccessKey && (opts.forcePathStyle || !opts.bucket.includes('.'))
        ? new SigV4Signer({
            bucketUrl: url,
            region: opts.region,
            accessKeyId: opts.accessKeyId,
            secretAccessKey: opts.secretAccessKey,
          })
        : null;
    this.objects = this.signer
      ? new S3ObjectClient({
          signer: this.signer,
          bucketUrl: url,
          timeouts: opts.timeouts ?? { connectMs: 5000, idleMs: 60_000 },
        })
      : this.sdk;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.objects.put(key, body, contentType);
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    return this.objects.head(key);
  }

  async get(key: string): Promise<BlobObject | null> {
    assertValidKey(key);
    return this.objects.get(key);
  }

  async getRange(key: string, start: number, end: number): Promise<BlobObject | null> {
    assertValidKey(key);
    return this.objects.get(key, { start, end });
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await fsp.stat(file);
    await this.objects.put(key, { open: () => fs.createReadStream(file), size }, contentType);
    await fsp.rm(file, { force: true });
  }

  /**
   * The whole object. A body cut on its way (the store resetting the connection after its headers) is read
   * again from the start, as a request that failed before its answer is: the client's retries stop at the headers.
   */
  async getBuffer(key: string): Promise<Buffer | null> {
    for (let attempt = 1; ; attempt++) {
      const obj = await this.get(key);
      if (!obj) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of obj.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      } catch (err) {
        if (attempt >= BODY_READ_ATTEMPTS || !isTransientError(err)) throw err;
      }
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.objects.delete(key);
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertValidKey(key);
    for (let i = 0; i < keys.length; i += 1000) await this.objects.deleteBatch(keys.slice(i, i + 1000));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    assertValidKey(folder.slice(0, -1));
    for await (const page of this.objects.listPages(folder))
      if (page.length > 0) await this.objects.deleteBatch(page.map((b) => b.key));
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    assertValidKey(folder.slice(0, -1));
    for await (const page of this.objects.listPages(folder)) yield* page;
  }

  /** An S3 PUT is whole or absent: nothing of this driver's is left half-written. */
  async localFile(): Promise<string | null> {
    return null;
  }

  async sweepTemporary(): Promise<number> {
    return 0;
  }

  async sweepAbandoned(): Promise<number> {
    return 0;
  }

  async presignPut(key: string, opts: PresignPutOptions): Promise<string> {
    assertValidKey(key);
    if (!this.signer) return this.sdk.presign('PUT', key, opts.expiresInSeconds, { contentType: opts.contentType });
    return this.signer.presign({
      method: 'PUT',
      key,
      expiresInSeconds: opts.expiresInSeconds,
      query: { 'x-id': 'PutObject' },
      headers: { 'content-type': opts.contentType },
    });
  }

  async presignGet(key: string, opts: PresignGetOptions): Promise<string> {
    assertValidKey(key);
    const disposition = opts.downloadName
      ? `attachment; filename*=UTF-8''${encodeURIComponent(safeDownloadName(opts.downloadName))}`
      : undefined;
    if (!this.signer) return this.sdk.presign('GET', key, opts.expiresInSeconds, { disposition });
    const query: Record<string, string> = { 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' };
    if (disposition) query['response-content-disposition'] = disposition;
    return this.signer.presign({ method: 'GET', key, expiresInSeconds: opts.expiresInSeconds, query });
  }

  destroy(): void {
    if (this.objects !== this.sdk) this.objects.destroy();
    this.sdk.destroy();
  }
}
