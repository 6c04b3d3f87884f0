import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config';
import type { Adapters } from '../../../platform/adapters';
import { runMedia } from '../../../platform/media/media-runner';
import { makeWorkFolder } from '../../../platform/work-folders';
import * as repo from './live-recordings.repo';
import { composeArgs, convertedName, parseMjrHeader, type RecordedTrack } from './recording-plan';
import { emitWebhookEvent } from '../../webhooks/webhook-events.service';

export type ComposeDeps = Pick<Adapters, 'db' | 'blobs' | 'config' | 'ids' | 'clock' | 'queue'>;

/** The folder under which Janus writes each recording's .mjr files, one folder per recording. */
export const recordingsRoot = (config: Pick<Config, 'DATA_DIR' | 'LIVE_RECORDINGS_DIR'>) =>
  path.resolve(config.LIVE_RECORDINGS_DIR ?? path.join(config.DATA_DIR, 'live-recordings'));
export const recordingDir = (config: Pick<Config, 'DATA_DIR' | 'LIVE_RECORDINGS_DIR'>, id: string) =>
  path.join(recordingsRoot(config), id);
export const recordingBlobKey = (roomId: string, id: string) => `live-recordings/${roomId}/${id}.mp4`;

/** Limits of one conversion: a track of a long call takes seconds; a stuck one must not hold the worker. */
const CONVERT_LIMITS = { timeoutMs: 10 * 60_000, memoryBytes: 1024 ** 3 };
const COMPOSE_MEMORY = 2 * 1024 ** 3;

/**
 * The .mjr files of a recording as tracks ffmpeg reads: each file's header (kind, codec, first packet's
 * time) and its conversion by janus-pp-rec. Data channels, unreadable headers and tracks without a packet
 * (janus-pp-rec refuses them: a publisher that left at once) are left out.
 */
async function convertTracks(dir: string, scratch: string, signal: AbortSignal | undefined): Promise<RecordedTrack[]> {
  const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.mjr')).sort();
  const tracks: RecordedTrack[] = [];
  for (const name of names) {
    const source = path.join(dir, name);
    const info = await runMedia(
      { tool: 'janus-pp-rec', args: ['--json', source], ...CONVERT_LIMITS },
      { signal },
    ).catch(() => null);
    const header = info ? parseMjrHeader(info.stdout.split('\n').find((l) => l.startsWith('{')) ?? '') : null;
    if (
      !header ||
      (header.kind === 'video' && header.codec !== 'vp8') ||
      (header.kind === 'audio' && header.codec !== 'opus')
    )
      continue;
    const file = path.join(scratch, convertedName(header.kind, tracks.length));
    const converted = await runMedia(
      { tool: 'janus-pp-rec', args: [source, file], ...CONVERT_LIMITS },
      { signal },
    ).then(
      () => fsp.stat(file).then((s) => s.size > 0),
      () => false,
    );
    if (converted) tracks.push({ file, kind: header.kind, startedUs: header.startedUs });
  }
  return tracks;
}

/**
 * The `live.compose-recording` job's work: a stopped recording's tracks into one MP4 stored as a blob, the
 * recording then `ready` and its raw files deleted. Idempotent: the blob's key is the recording's, a ready
 * recording only has its leftovers removed, and the raw files go only once the row says ready, so a crash
 * at any step is retried from the raw files. A recording without any media fails at once; any other error
 * is retried, and marks it `failed` on the last attempt.
 */
export async function composeRecording(
  deps: ComposeDeps,
  recordingId: string,
  run: { finalAttempt: boolean; signal?: AbortSignal },
): Promise<void> {
  const r = await repo.findRecordingById(deps.db, recordingId);
  if (!r) return;
  const dir = recordingDir(deps.config, r.id);
  if (r.status === 'ready') return fsp.rm(dir, { recursive: true, force: true });
  if (r.status !== 'processing') return;
  const scratch = await makeWorkFolder('recording');
  try {
    const tracks = await convertTracks(dir, scratch, run.signal);
    if (tracks.length === 0) return await repo.markFailed(deps.db, r.id, 'The recording holds no audio or video');
    const output = path.join(scratch, 'call.mp4');
    const durationMs = r.durationMs ?? 0;
    await runMedia(
      {
        tool: 'ffmpeg',
        args: composeArgs(tracks, durationMs, output),
        timeoutMs: 10 * 60_000 + durationMs * 4,
        memoryBytes: COMPOSE_MEMORY,
      },
      { signal: run.signal },
    );
    const { size } = await fsp.stat(output);
    const key = recordingBlobKey(r.roomId, r.id);
    await deps.blobs.putFile(key, output, 'video/mp4');
    // The recording is ready and its webhook event (recording.ready) written, together.
    await deps.db.transaction().execute(async (trx) => {
      await repo.markReady(trx, r.id, key, size);
      await emitWebhookEvent(deps, trx, {
        type: 'recording.ready',
        roomId: r.roomId,
        streamKey: r.roomId,
        data: { roomId: r.roomId, recordingId: r.id, bytes: size },
      });
    });
  } catch (err) {
    if (run.finalAttempt) await repo.markFailed(deps.db, r.id, err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  await fsp.rm(dir, { recursive: true, force: true });
}
