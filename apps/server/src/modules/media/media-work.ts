import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { transcodeTimeoutMs } from '../../platform/media/media-limits';
import { runMedia, type MediaCommand } from '../../platform/media/media-runner';
import { makeWorkFolder } from '../../platform/work-folders';

/**
 * Limits of one normalisation or assembly step: hostile input must not take the worker with it. The
 * time limit is that of the content's length (transcodeTimeoutMs), which registration bounded.
 */
export const TRANSCODE_LIMITS = { memoryBytes: 2 * 1024 ** 3 };

export const ffmpeg = (args: string[], contentSeconds: number, signal?: AbortSignal): Promise<unknown> =>
  runMedia(
    { tool: 'ffmpeg', args, timeoutMs: transcodeTimeoutMs(contentSeconds), ...TRANSCODE_LIMITS } satisfies MediaCommand,
    { signal },
  );

/** A scratch folder for one job, removed whatever happens (and by the next start's sweep after a crash). */
export async function withScratch<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeWorkFolder('media');
  try {
    return await fn(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A blob as a local file for ffmpeg (which seeks in its inputs): a hard link to the blob's own file
 * when the store keeps it on this disk (no copy; ffmpeg only reads it, and the scratch folder's removal
 * unlinks only the link), else streamed down.
 */
export async function fetchBlob(blobs: BlobStore, key: string, file: string): Promise<string> {
  const own = await blobs.localFile(key);
  if (own) {
    try {
      await fsp.link(own, file);
      return file;
    } catch {
      // Another file system than the scratch folder's: copied below.
    }
  }
  const obj = await blobs.get(key);
  if (!obj) throw new Error(`Blob ${key} is missing`);
  await pipeline(obj.body, fs.createWriteStream(file));
  return file;
}
