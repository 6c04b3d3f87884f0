import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  acceptedContentTypes,
  MAX_MEDIA_BYTES,
  MEDIA_LIMITS,
  type MediaLimit,
  type MediaUploadResponse,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, notFound } from '../../platform/errors';
import { exceededLimit } from '../../platform/media/media-limits';
import { wavToMp3Args } from '../../platform/media/media-plans';
import { acceptsAs, measureStream, probeMedia, type MediaKind } from '../../platform/media/media-probe';
import type { ResumableStore } from '../../platform/uploads/resumable-store';
import type { UserContext } from '../identity/user-context';
import { ffmpeg } from './media-work';
import * as repo from './media.repo';

export type UploadDeps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'> & { store: ResumableStore };

/** How long a granted upload may take, resumptions included: a 5 GB file over a slow line takes hours. */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
export const UPLOADS_PATH = '/api/media/uploads';
/**
 * What one user may hold of unfinished uploads at once: a slot's file or two and a few vehicle videos
 * (one administrator once held 59 grants of 5 GB). A finished, refused or expired upload frees its place.
 */
export const PENDING_QUOTA = { uploads: 8, bytes: 4 * MAX_MEDIA_BYTES };

export const kindOfSlot = (slot: repo.UploadSlot): MediaKind => (slot === 'AUDIO' ? 'audio' : 'video');

export const formatError = (kind: MediaKind) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    kind === 'audio' ? 'The file is not an MP3, Ogg or WAV audio file' : 'The file is not an MP4 or MOV video',
    { kind },
  );

/** A file whose content goes beyond MEDIA_LIMITS: `limit` names which, `limits` gives them all for the message. */
export const limitsError = (kind: MediaKind, limit?: MediaLimit) =>
  new AppError('MEDIA_LIMITS_EXCEEDED', `The file is beyond what can be processed${limit ? ` (${limit})` : ''}`, {
    kind,
    ...(limit ? { limit } : {}),
    limits: MEDIA_LIMITS,
  });

const uploadExpired = () => new AppError('UPLOAD_EXPIRED', 'This upload has expired; start it again');

interface Target {
  groupId: string;
  slot: repo.UploadSlot;
  shootingId: string | null;
}
interface FileFacts {
  fileName: string;
  size: number;
  contentType: string;
  lastModified?: number;
}

/**
 * Grants a resumable upload of one file for one target, created at once in the store for exactly its
 * size. The same file (name, size, modification time, type) asked again by the same user while its
 * upload is unfinished gets that upload back, with what it already holds.
 */
export async function grantUpload(
  deps: UploadDeps,
  user: UserContext,
  target: Target,
  file: FileFacts,
): Promise<MediaUploadResponse> {
  const kind = kindOfSlot(target.slot);
  const slotTypes = acceptedContentTypes(kind === 'audio' ? 'audio' : 'introduction');
  if (!slotTypes.includes(file.contentType.toLowerCase())) throw formatError(kind);
  if (file.size > MAX_MEDIA_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is too large (over ${MAX_MEDIA_BYTES / 1e6} MB)`);
  const now = deps.clock.now();
  const fingerprint = createHash('sha256')
    .update([file.fileName, file.size, file.lastModified ?? '', file.contentType].join('\n'))
    .digest('base64url');
  const previous = await repo.findResumable(deps.db, {
    userId: user.id,
    ...target,
    fingerprint,
    now: now.toISOString(),
  });
  if (previous) {
    const offset = await deps.store.offset(previous.id);
    if (offset !== null) return answer(previous.id, offset, previous.expiresAt);
  }
  const pending = await repo.pendingOf(deps.db, user.id, now.toISOString());
  if (pending.count >= PENDING_QUOTA.uploads || pending.bytes + file.size > PENDING_QUOTA.bytes)
    throw new AppError('RATE_LIMITED', 'Too many unfinished uploads: finish or let some expire first', {
      pendingUploads: pending.count,
      pendingBytes: pending.bytes,
      quota: PENDING_QUOTA,
    });
  const id = deps.ids.uuid();
  const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS).toISOString();
  await repo.insertUpload(deps.db, {
    id,
    groupId: target.groupId,
    userId: user.id,
    slot: target.slot,
    shootingId: target.shootingId,
    fileName: file.fileName,
    contentType: file.contentType.toLowerCase(),
    size: file.size,
    fingerprint,
    status: 'PENDING',
    blobKey: null,
    durationMs: null,
    width: null,
    height: null,
    hasAudio: null,
    expiresAt: expiresAt,
    createdAt: now.toISOString(),
  });
  // Created in the store after its row: whatever the store holds has a row, so the sweep finds it.
  await deps.store.create(id, file.size, { slot: target.slot, group: target.groupId });
  return answer(id, 0, expiresAt);
}

const answer = (id: string, offset: number, expiresAt: string): MediaUploadResponse => ({
  uploadId: id,
  presignedUrl: `${UPLOADS_PATH}/${id}`,
  url: `${UPLOADS_PATH}/${id}`,
  offset,
  expiresAt,
});

/** The upload id named by a URL the upload answer gave, or null. */
export const uploadIdOf = (url: string): string | null => {
  const m = /^(?:https?:\/\/[^/]+)?\/api\/media\/uploads\/([0-9a-f-]{36})$/i.exec(url.trim());
  return m ? m[1]!.toLowerCase() : null;
};

/**
 * May this caller send to (or read the state of) this upload: their own, unexpired, still open for
 * bytes. Anything else about another user's upload answers 404, as if it did not exist.
 */
export async function authoriseUploadRequest(
  deps: Pick<UploadDeps, 'db' | 'clock'>,
  user: UserContext,
  id: string,
  method: string,
): Promise<void> {
  const row = await repo.findUpload(deps.db, id);
  if (!row || row.userId !== user.id || row.groupId !== user.groupId) throw notFound('Upload');
  if (row.status === 'EXPIRED') throw uploadExpired();
  if (method === 'HEAD' && row.status !== 'PENDING') return;
  if (row.expiresAt <= deps.clock.now().toISOString()) throw uploadExpired();
  if (row.status === 'REFUSED') throw formatError(kindOfSlot(row.slot as repo.UploadSlot));
  if (row.status === 'OVER_LIMITS') throw limitsError(kindOfSlot(row.slot as repo.UploadSlot));
  if (row.status !== 'PENDING' && method === 'PATCH') throw new AppError('CONFLICT', 'This upload is already complete');
}

const inFlight = new Map<string, Promise<repo.UploadRow>>();

/**
 * Turns a complete upload into a stored file, once: its content is probed (in a child process with
 * limits); anything that is not what its slot takes is removed and refused; the rest is moved to the
 * blob store with what the probe read. Called when the last byte arrives and again by the registration
 * (a crash in between leaves the upload complete but not yet stored).
 */
export function finaliseUpload(deps: UploadDeps, id: string): Promise<repo.UploadRow> {
  const running = inFlight.get(id);
  if (running) return running;
  const p = finalise(deps, id).finally(() => inFlight.delete(id));
  inFlight.set(id, p);
  return p;
}

/**
 * The complete upload's file: taken from the store, or the one a finalisation that died left taken (the
 * store no longer knows that upload: this is where it resumes).
 */
async function takeComplete(deps: UploadDeps, row: repo.UploadRow): Promise<string> {
  const left = await deps.store.taken(row.id);
  if (left?.size === row.size) return left.file;
  const offset = await deps.store.offset(row.id);
  if (offset !== row.size)
    throw new AppError('CONFLICT', `The upload is not complete (${offset ?? 0} of ${row.size} bytes)`);
  return deps.store.takeFile(row.id);
}

/**
 * The size of an upload that holds all its bytes, though the store may no longer answer for it (stored,
 * or taken by a finalisation that died); null otherwise. HEAD answers it, so a client resumes to its
 * registration instead of starting again.
 */
export async function completeSize(deps: UploadDeps, id: string): Promise<number | null> {
  const row = await repo.findUpload(deps.db, id);
  if (!row) return null;
  if (row.status === 'DONE' || row.status === 'STORING') return row.size;
  if (row.status !== 'PENDING') return null;
  return (await deps.store.taken(id))?.size === row.size ? row.size : null;
}

/**
 * Finishes, at a start, the uploads whose finalisation a crash cut short (every byte received and taken
 * from the store, the row still PENDING). Answers how many were stored; a refused one counts as done.
 */
export async function resumeInterruptedUploads(deps: UploadDeps): Promise<number> {
  let resumed = 0;
  for (const id of await repo.openPendingUploads(deps.db, deps.clock.now().toISOString())) {
    if ((await deps.store.taken(id)) === null) continue;
    await finaliseUpload(deps, id).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
    resumed++;
  }
  return resumed;
}

const extensionOf = (kind: MediaKind, container: string) =>
  kind === 'video' ? 'mp4' : container.split(',').includes('ogg') ? 'ogg' : 'mp3';

// A WAV is kept as the MP3 made from it, under this name: its size is not the upload's, which is how a
// finalisation resumed after a crash knows the stored blob is whole.
const CONVERTED = 'converted.mp3';
const isWav = (container: string) => container.split(',').includes('wav');

async function finalise(deps: UploadDeps, id: string): Promise<repo.UploadRow> {
  const row = await repo.findUpload(deps.db, id);
  if (!row) throw notFound('Upload');
  const kind = kindOfSlot(row.slot as repo.UploadSlot);
  if (row.status === 'DONE') return row;
  if (row.status === 'REFUSED') throw formatError(kind);
  if (row.status === 'OVER_LIMITS') throw limitsError(kind);
  if (row.status === 'EXPIRED') throw uploadExpired();
  const stored = row.status === 'STORING' && row.blobKey ? await deps.blobs.head(row.blobKey) : null;
  if (stored && (stored.size === row.size || row.blobKey!.endsWith(`/${CONVERTED}`))) {
    await repo.updateUpload(deps.db, id, { status: 'DONE' });
    return { ...row, status: 'DONE' };
  }
  const file = await takeComplete(deps, row);
  const mp3 = `${file}.mp3`;
  try {
    const info = await probeMedia(file);
    if (!info || !acceptsAs(kind, info)) {
      await repo.updateUpload(deps.db, id, { status: 'REFUSED' });
      throw formatError(kind);
    }
    // Measured before anything is stored: what a later job would spend on it is bounded here.
    const measured = await measureStream(file, kind);
    const over = exceededLimit(kind, info, measured);
    if (over || !measured) {
      await repo.updateUpload(deps.db, id, { status: 'OVER_LIMITS' });
      throw limitsError(kind, over ?? 'frames');
    }
    const ext = extensionOf(kind, info.container);
    const wav = kind === 'audio' && isWav(info.container);
    // Under the limits of a transcode of its measured length, in this process's scratch space.
    if (wav) await ffmpeg(wavToMp3Args(file, mp3), measured.seconds);
    const name = wav ? CONVERTED : `original.${ext}`;
    const blobKey = row.shootingId
      ? `videos/${row.shootingId}/uploads/${id}/${name}`
      : `media/${row.groupId}/${row.slot.toLowerCase()}/${id}/${name}`;
    const contentType =
      kind === 'audio'
        ? ext === 'ogg'
          ? 'audio/ogg'
          : 'audio/mpeg'
        : row.contentType === 'video/quicktime'
          ? 'video/quicktime'
          : 'video/mp4';
    const facts = {
      blobKey,
      contentType,
      durationMs: Math.round(Math.min(info.durationSeconds, measured.seconds) * 1000),
      width: info.video?.width ?? null,
      height: info.video?.height ?? null,
      hasAudio: info.audio ? 1 : 0,
    };
    await repo.updateUpload(deps.db, id, { status: 'STORING', ...facts });
    await deps.blobs.putFile(blobKey, wav ? mp3 : file, contentType);
    await repo.updateUpload(deps.db, id, { status: 'DONE' });
    return { ...row, ...facts, status: 'DONE' };
  } finally {
    await fsp.rm(file, { force: true });
    await fsp.rm(mp3, { force: true });
    // The store's record of a finished upload; what a failure here leaves is the store's, not the user's.
    await deps.store.remove(id).catch(() => undefined);
  }
}
