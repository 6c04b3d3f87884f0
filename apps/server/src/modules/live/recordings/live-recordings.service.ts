import fsp from 'node:fs/promises';
import type { LiveRecording, LiveRecordingDownload, LiveRecordingList, LiveRecordingShare } from '@forecourt/contracts';
import type { Adapters } from '../../../platform/adapters';
import { AppError, notFound } from '../../../platform/errors';
import type { UserContext } from '../../identity/user-context';
import { inScope } from '../rooms/live.service';
import * as repo from './live-recordings.repo';
import { recordingDir } from './recording-compose.service';

/** What tells the SFU to record a room's publications into a folder, or to stop (null). */
export interface SfuRecorder {
  setRecording(roomId: string, dir: string | null): Promise<boolean>;
}

/**
 * What the recording functions use: the adapters, the SFU's recorder (null with the peer-to-peer driver,
 * where nothing can record) and the signalling's announcement to everyone in the room.
 */
export type RecordingDeps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config' | 'blobs' | 'queue'> & {
  recorder: SfuRecorder | null;
  announce: (roomId: string, on: boolean) => Promise<void>;
};

/** The key of a recording's composition: one job per recording. */
export const composeKey = (recordingId: string) => `live.compose-recording:${recordingId}`;

const conflict = (message: string, reason: string) => new AppError('CONFLICT', message, { reason });

export const shareUrlOf = (deps: Pick<RecordingDeps, 'config'>, token: string) =>
  `${deps.config.PUBLIC_URL}/api/videos/live/recordings/shared/${token}`;

const asRecording = (deps: Pick<RecordingDeps, 'config'>, r: repo.LiveRecordingRow): LiveRecording => ({
  id: r.id,
  startedAt: r.startedAt,
  durationMs: r.durationMs === null ? null : Number(r.durationMs),
  status: r.status,
  sizeBytes: r.sizeBytes === null ? null : Number(r.sizeBytes),
  shareUrl: r.shareToken ? shareUrlOf(deps, r.shareToken) : null,
});

/**
 * The dealer starts recording the room's call: a folder of its own, the row (one recording on per room),
 * then Janus records every publication there, including those of participants who join later. Everyone in
 * the room is told. Refused without the SFU (409 `SFU_REQUIRED`) and while one is on (`ALREADY_RECORDING`).
 */
export async function startRecording(deps: RecordingDeps, user: UserContext, roomId: string): Promise<LiveRecording> {
  const room = await inScope(deps, user, roomId);
  if (!deps.recorder) throw conflict('Calls are recorded only through the SFU (LIVE_SFU=janus)', 'SFU_REQUIRED');
  const row: repo.LiveRecordingRow = {
    id: deps.ids.uuid(),
    roomId: room.id,
    status: 'recording',
    startedBy: user.id,
    startedAt: deps.clock.now().toISOString(),
    stoppedAt: null,
    durationMs: null,
    blobKey: null,
    sizeBytes: null,
    shareToken: null,
    error: null,
  };
  const dir = recordingDir(deps.config, row.id);
  await fsp.mkdir(dir, { recursive: true, mode: 0o750 });
  if (!(await repo.insertRecording(deps.db, row))) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw conflict('This call is already being recorded', 'ALREADY_RECORDING');
  }
  try {
    await deps.recorder.setRecording(room.id, dir);
  } catch {
    await repo.deleteRecording(deps.db, row.id);
    await fsp.rm(dir, { recursive: true, force: true });
    throw new AppError(
      'INTERNAL_ERROR',
      'The media server did not start the recording; try again',
      { reason: 'SFU_UNAVAILABLE' },
      503,
    );
  }
  await deps.announce(room.id, true);
  return asRecording(deps, row);
}

/**
 * The dealer stops the recording: Janus stops writing, the row becomes `processing` with the recorded
 * duration and its compose job queued in the same transaction, and everyone is told. A Janus that does not
 * answer the stop does not keep the recording on: the composition cuts it to the recorded duration.
 */
export async function stopRecording(
  deps: RecordingDeps,
  user: UserContext,
  roomId: string,
  onError: (err: unknown) => void,
): Promise<LiveRecording> {
  const room = await inScope(deps, user, roomId);
  const active = await repo.findActiveRecording(deps.db, room.id);
  if (!active) throw conflict('This call is not being recorded', 'NOT_RECORDING');
  const stoppedAt = deps.clock.now();
  const durationMs = Math.max(0, stoppedAt.getTime() - Date.parse(active.startedAt));
  await deps.recorder?.setRecording(room.id, null).catch(onError);
  const stopped = await repo.markStopped(deps.db, active.id, stoppedAt.toISOString(), durationMs, async (trx) => {
    await deps.queue.enqueue(
      'live.compose-recording',
      { recordingId: active.id },
      { key: composeKey(active.id), within: trx },
    );
  });
  if (!stopped) throw conflict('This call is not being recorded', 'NOT_RECORDING');
  await deps.announce(room.id, false);
  return asRecording(deps, {
    ...active,
    status: 'processing',
    stoppedAt: stoppedAt.toISOString(),
    durationMs,
  });
}

export async function listRecordings(
  deps: RecordingDeps,
  user: UserContext,
  roomId: string,
): Promise<LiveRecordingList> {
  const room = await inScope(deps, user, roomId);
  return {
    available: deps.recorder !== null,
    items: (await repo.listRecordings(deps.db, room.id)).map((r) => asRecording(deps, r)),
  };
}

const readyRecording = async (deps: RecordingDeps, user: UserContext, roomId: string, id: string) => {
  const room = await inScope(deps, user, roomId);
  const r = await repo.findRecording(deps.db, room.id, id);
  if (!r) throw notFound('Recording');
  if (r.status !== 'ready' || !r.blobKey) throw conflict('The recording is not ready yet', 'NOT_READY');
  return { room, r, key: r.blobKey };
};

/** A short-lived URL that downloads the MP4, named after the room and the recording's start. */
export async function downloadRecording(
  deps: RecordingDeps,
  user: UserContext,
  roomId: string,
  id: string,
): Promise<LiveRecordingDownload> {
  const { room, r, key } = await readyRecording(deps, user, roomId, id);
  const name = `${room.sessionName.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'recording'} ${r.startedAt.slice(0, 16).replace(':', 'h')}.mp4`;
  return {
    url: await deps.blobs.presignGet(key, {
      expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS,
      downloadName: name,
    }),
  };
}

/** The recording's public link: an unguessable token made on the first share, the same one afterwards. */
export async function shareRecording(
  deps: RecordingDeps,
  user: UserContext,
  roomId: string,
  id: string,
): Promise<LiveRecordingShare> {
  const { r } = await readyRecording(deps, user, roomId, id);
  const token = r.shareToken ?? (await repo.setShareToken(deps.db, r.id, deps.ids.token()));
  if (!token) throw notFound('Recording');
  return { shareUrl: shareUrlOf(deps, token) };
}

/** Where a public link leads: a short-lived URL of the MP4, which the browser plays; unknown links answer 404. */
export async function openSharedRecording(
  deps: Pick<RecordingDeps, 'db' | 'blobs' | 'config'>,
  token: string,
): Promise<string> {
  const r = await repo.findRecordingByShareToken(deps.db, token);
  if (!r || r.status !== 'ready' || !r.blobKey) throw notFound('Recording');
  return deps.blobs.presignGet(r.blobKey, { expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS });
}

/** Whether the room is being recorded: what a participant joining is told after its welcome. */
export async function isRecording(deps: Pick<RecordingDeps, 'db'>, roomId: string): Promise<boolean> {
  return (await repo.findActiveRecording(deps.db, roomId)) !== null;
}

/** The folder of the room's recording in progress, for a Janus room made while it records. */
export async function activeRecordingDir(
  deps: Pick<RecordingDeps, 'db' | 'config'>,
  roomId: string,
): Promise<string | null> {
  const active = await repo.findActiveRecording(deps.db, roomId);
  return active ? recordingDir(deps.config, active.id) : null;
}
