import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  contentType: string;
}

export interface BlobObject extends BlobInfo {
  body: Readable;
}

export interface PresignPutOptions {
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}

export interface PresignGetOptions {
  expiresInSeconds: number;
  /** Sets Content-Disposition: attachment with this file name. */
  downloadName?: string;
}

/**
 * Where every file lives. Keys are slash-separated paths of safe characters. The embedded driver keeps
 * files under DATA_DIR/blobs; the S3 driver talks to any S3-compatible store.
 */
export interface BlobStore {
  readonly driver: 'fs' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<BlobObject | null>;
  /** Bytes start..end (inclusive) of a blob, streamed; `size` is the length of that range. */
  getRange(key: string, start: number, end: number): Promise<BlobObject | null>;
  /** Stores a local file under key without holding it in memory; the file is moved (fs) or sent (S3), then gone. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  getBuffer(key: string): Promise<Buffer | null>;
  head(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<void>;
  /** Deletes these blobs (missing ones are no error): one request on S3 for up to 1,000 keys. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Deletes every blob whose key starts with prefix (a folder, ending with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  presignPut(key: string, opts: PresignPutOptions): Promise<string>;
  presignGet(key: string, opts: PresignGetOptions): Promise<string>;
  /** Every blob whose key starts with prefix (a folder, ending with '/'), with when it was last written. */
  list(prefix: string): AsyncIterable<ListedBlob>;
  /** Removes the driver's own leftovers of writes that never finished, last touched before `before`. */
  sweepTemporary(before: Date): Promise<number>;
  /**
   * Removes the leftovers of writes whose process no longer runs (a SIGKILL mid-write), whatever their
   * age: called at a process's start. A live sibling process's writes are kept.
   */
  sweepAbandoned(): Promise<number>;
  /**
   * The blob's own file when the driver keeps blobs on local disk (fs), for a reader that needs a path
   * (ffmpeg) and must not write to it; null when the blob is elsewhere (S3) or missing.
   */
  localFile(key: string): Promise<string | null>;
}

export interface ListedBlob {
  key: string;
  modifiedAt: Date;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/** Refuses keys that could escape the store or confuse a URL. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//') || key.length > 512) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

export const isValidKey = (key: string): boolean => {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
};

/**
 * A download name fit for a signed link and a Content-Disposition header: control characters (CR, LF,
 * NUL… of a name stored before they were refused) become '_', so the link still works.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const safeDownloadName = (name: string): string => name.replace(/[\u0000-\u001f\u007f]/g, '_');
