import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { BlobInfo, BlobObject, ListedBlob } from './blob-store';
import type { PutBody, S3Objects, S3Options } from './s3-objects';

type Sdk = typeof S3Sdk;

const isMissing = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The AWS SDK, loaded on first use, for every call when the credentials come from the SDK's provider
 * chain (an instance role) rather than the settings, or the bucket name has dots.
 */
export class S3SdkClient implements S3Objects {
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  private client: S3Client | null = null;

  constructor(private readonly opts: S3Options) {}

  private load(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
      const opts = this.opts;
      this.client = new sdk.S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: opts.forcePathStyle,
        // Checksums only where S3 requires them: a streamed file body is then sent as is, not aws-chunked
        // with a trailer, which S3-compatible stores (MinIO, s3rver) do not all decode.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        // The socket's idle time, not the request's total (which would cut a long upload that moves; and the
        // SDK's requestTimeout only warns unless told to throw).
        requestHandler: {
          connectionTimeout: opts.timeouts?.connectMs ?? 5000,
          socketTimeout: opts.timeouts?.idleMs ?? 60_000,
        },
        credentials:
          opts.accessKeyId && opts.secretAccessKey
            ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
            : undefined,
      });
      return { sdk, client: this.client };
    });
    return this.loaded;
  }

  async put(key: string, body: PutBody, contentType: string): Promise<void> {
    const { sdk, client } = await this.load();
    const Body = Buffer.isBuffer(body) ? body : body.open();
    const ContentLength = Buffer.isBuffer(body) ? undefined : body.size;
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body, ContentLength, ContentType: contentType }),
    );
  }

  async head(key: string): Promise<BlobInfo | null> {
    const { sdk, client } = await this.load();
    try {
      const r = await client.send(new sdk.HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { size: r.ContentLength ?? 0, contentType: r.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<BlobObject | null> {
    const { sdk, client } = await this.load();
    try {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key: key, Range }));
      const size = r.ContentLength ?? (range ? range.end - range.start + 1 : 0);
      return { size, contentType: r.ContentType ?? 'application/octet-stream', body: r.Body as Readable };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async deleteBatch(keys: readonly string[]): Promise<void> {
    const { sdk, client } = await this.load();
    const r = await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: this.opts.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    // DeleteObjects answers 200 with per-key errors: a key it could not delete is a failure like delete's.
    const failed = r.Errors?.[0];
    if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
  }

  /** Every object under the folder, a page (up to 1,000) at a time. */
  async *listPages(folder: string): AsyncIterable<ListedBlob[]> {
    const { sdk, client } = await this.load();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: folder, ContinuationToken: token }),
      );
      yield (page.Contents ?? []).flatMap((o) =>
        o.Key ? [{ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) }] : [],
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presign(
    method: 'GET' | 'PUT',
    key: string,
    expiresIn: number,
    opts: { contentType?: string; disposition?: string | undefined },
  ): Promise<string> {
    const { sdk, client } = await this.load();
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    if (method === 'PUT') {
      const cmd = new sdk.PutObjectCommand({ Bucket: this.opts.bucket, Key: key, ContentType: opts.contentType });
      return getSignedUrl(client, cmd, { expiresIn, signableHeaders: new Set(['content-type']) });
    }
    return getSignedUrl(
      client,
      new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key: key, ResponseContentDisposition: opts.disposition }),
      { expiresIn },
    );
  }

  destroy(): void {
    this.client?.destroy();
  }
}
