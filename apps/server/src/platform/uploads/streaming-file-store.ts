import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import type stream from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';

/** How much of a PATCH may wait in memory while the previous bytes are being written. */
export const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * tus's file store, writing with a buffer of WRITE_BUFFER_BYTES instead of 16 KB: the socket keeps
 * being read while a write is on the disk, and what arrived meanwhile goes down in one `writev`, so
 * receiving and writing overlap and a GB costs a few hundred writes, not sixteen thousand one after
 * the other. Memory stays bounded by that buffer, whatever the chunk size. Its `remove` removes what
 * is left of an upload, the data or the record, where tus's stops at a missing data file.
 */
export class StreamingFileStore extends FileStore {
  // Called only after tus's getUpload found the upload by this id inside the directory.
  override async write(readable: http.IncomingMessage | stream.Readable, id: string, offset: number): Promise<number> {
    const file = fs.createWriteStream(path.join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    // What reached the file, a cut request's partial body included: the client resumes from there.
    return offset + file.bytesWritten;
  }

  override async remove(id: string): Promise<void> {
    const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
    await fsp.rm(path.join(this.directory, id), { force: true });
    await this.configstore.delete(id).catch((err: unknown) => {
      if (!missing(err)) throw err;
    });
  }
}
