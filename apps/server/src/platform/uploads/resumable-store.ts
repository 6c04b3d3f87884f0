import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ERRORS, Upload, type DataStore } from '@tus/server';
import type { Config } from '../../config';
import { workFilePath } from '../work-folders';

/**
 * Where resumable (tus) uploads accumulate until they are complete: a folder under DATA_DIR (tus file
 * store), or S3 multipart uploads with BLOB_DRIVER=s3 (tus S3 store). Neither holds more than one
 * chunk in memory. Loaded by the HTTP side only.
 */
export interface ResumableStore {
  /** The tus protocol's data store. */
  datastore: DataStore;
  /** Creates an empty upload of a known size, so the client only ever sends PATCHes to its URL. */
  create(id: string, size: number, metadata: Record<string, string>): Promise<void>;
  /** Bytes received so far, or null when the store has no such upload. */
  offset(id: string): Promise<number | null>;
  /** A local file holding the finished upload, now the caller's to move or delete. */
  takeFile(id: string): Promise<string>;
  /**
   * The file an earlier `takeFile` gave and nobody moved or deleted (the process finalising it died), with
   * its size; null when there is none. Finalising starts again from it: the store no longer knows the upload.
   */
  taken(id: string): Promise<{ file: string; size: number } | null>;
  /**
   * Removes the upload and everything the store keeps of it (an S3 multipart upload is aborted, its
   * incomplete part deleted). An upload already gone is no error; a store that cannot be reached is.
   */
  remove(id: string): Promise<void>;
}

export async function createResumableStore(config: Config): Promise<ResumableStore> {
  if (config.BLOB_DRIVER === 's3') {
    const { CompleteS3Store } = await import('./complete-s3-store');
    const datastore = new CompleteS3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: {
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        // As for the blob store: parts are sent as they are, not aws-chunked with a checksum trailer,
        // which S3-compatible stores do not all decode (s3rver stored the framing inside the part).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
            : undefined,
      },
    });
    // The read-back file dies with the process that read it (work-folders.ts); the S3 upload itself stays
    // until removed, so a finalisation that crashed simply takes it again.
    return storeOver(
      datastore,
      async (id) => {
        // The finished object is read once to a temporary file (ffprobe seeks, a stream cannot), removed by
        // the finalisation or, after a crash, by the next start's sweep.
        const file = workFilePath('upload', id);
        await pipeline(await datastore.read(id), fs.createWriteStream(file));
        return file;
      },
      async () => null,
    );
  }
  const { StreamingFileStore } = await import('./streaming-file-store');
  const directory = path.join(config.DATA_DIR, 'uploads');
  const datastore = new StreamingFileStore({ directory });
  return storeOver(
    datastore,
    async (id) => {
      // Moved out of the store's folder (its record of the upload goes too): the blob store then renames
      // it into place without a copy.
      const taken = path.join(directory, `${id}.taken`);
      await fsp.rename(path.join(directory, id), taken);
      await datastore.configstore.delete(id);
      return taken;
    },
    async (id) => {
      const file = path.join(directory, `${id}.taken`);
      const stat = await fsp.stat(file).catch(() => null);
      return stat?.isFile() ? { file, size: stat.size } : null;
    },
    async (id) => {
      // What a crash between taking the file and storing it left behind.
      await fsp.rm(path.join(directory, `${id}.taken`), { force: true });
    },
  );
}

const isGone = (err: unknown) => err === ERRORS.FILE_NOT_FOUND || err === ERRORS.FILE_NO_LONGER_EXISTS;

function storeOver(
  datastore: DataStore,
  takeFile: (id: string) => Promise<string>,
  taken: ResumableStore['taken'],
  removeLeftovers?: (id: string) => Promise<void>,
): ResumableStore {
  return {
    datastore,
    taken,
    async create(id, size, metadata) {
      await datastore.create(new Upload({ id, size, offset: 0, metadata, creation_date: new Date().toISOString() }));
    },
    async offset(id) {
      try {
        return (await datastore.getUpload(id)).offset;
      } catch {
        return null;
      }
    },
    takeFile,
    async remove(id) {
      try {
        await datastore.remove(id);
      } catch (err) {
        // Already gone (its file taken, or never created).
        if (!isGone(err)) throw err;
      }
      await removeLeftovers?.(id);
    },
  };
}
