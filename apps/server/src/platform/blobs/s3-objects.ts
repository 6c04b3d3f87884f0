import type { Readable } from 'node:stream';
import type { BlobInfo, BlobObject, ListedBlob } from './blob-store';

/**
 * What the S3 driver (s3-blob-store.ts) asks of the client it picks, the lean signed one (s3-object-client.ts) or
 * the AWS SDK (s3-sdk-client.ts), and the settings both are built from: the store and its clients import this,
 * never each other.
 */
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

/** The calls on one object the S3 driver makes: the lean client, or the SDK when it must sign. */
export interface S3Objects {
  put(key: string, body: PutBody, contentType: string): Promise<void>;
  head(key: string): Promise<BlobInfo | null>;
  /** The object, or bytes start..end (inclusive) of it; null when it is missing. */
  get(key: string, range?: { start: number; end: number }): Promise<BlobObject | null>;
  delete(key: string): Promise<void>;
  /** Deletes up to 1,000 keys in one request (missing ones are no error); fails on the first key S3 could not delete. */
  deleteBatch(keys: readonly string[]): Promise<void>;
  /** Every object under the folder, a page (up to 1,000) at a time. */
  listPages(folder: string): AsyncIterable<ListedBlob[]>;
  destroy(): void;
}

/** Bytes, or a stream opened again for each attempt (a file) with its length. */
export type PutBody = Buffer | { open: () => Readable; size: number };
