import path from 'node:path';
import fsp from 'node:fs/promises';
import type { Adapters } from '../../platform/adapters';
import { exceededLimit } from '../../platform/media/media-limits';
import { measureStream, probeMedia } from '../../platform/media/media-probe';
import {
  concatArgs,
  concatList,
  normaliseAudioArgs,
  normaliseVideoArgs,
  posterArgs,
  underlayAudioArgs,
} from '../../platform/media/media-plans';
import { findShootingForJob } from '../shootings/shooting-scope.service';
import * as repo from './media.repo';
import { fetchBlob, ffmpeg, withScratch } from './media-work';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';

export type AssemblyDeps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'queue'>;

type ConfigSlot = Exclude<repo.UploadSlot, 'VEHICLE'>;
const SLOT_UPLOAD = {
  INTRODUCTION: 'introductionUpload',
  CONCLUSION: 'conclusionUpload',
  AUDIO: 'audioUpload',
} as const;
const SLOT_KEY = { INTRODUCTION: 'introductionKey', CONCLUSION: 'conclusionKey', AUDIO: 'audioKey' } as const;

/** Where the house-format copy of an original lives: beside it, named by what it is. */
export const houseKeyOf = (originalKey: string, kind: 'video' | 'audio'): string =>
  `${path.posix.dirname(originalKey)}/house.${kind === 'audio' ? 'm4a' : 'mp4'}`;

/** Where a vehicle video's poster frame lives: beside its original. */
export const posterKeyOf = (originalKey: string): string => `${path.posix.dirname(originalKey)}/poster.jpg`;

/**
 * The house-format copy of a stored original (and, with `poster`, the poster frame taken from it), made
 * once: a later call finds them and does nothing, so a retried or repeated job costs a HEAD or two.
 */
export async function ensureHouse(
  deps: AssemblyDeps,
  originalKey: string,
  kind: 'video' | 'audio',
  signal?: AbortSignal,
  opts: { poster?: boolean } = {},
): Promise<string> {
  const key = houseKeyOf(originalKey, kind);
  const posterKey = opts.poster ? posterKeyOf(originalKey) : null;
  const found = await Promise.all([key, ...(posterKey ? [posterKey] : [])].map((k) => deps.blobs.head(k)));
  if (found.every(Boolean)) return key;
  await withScratch(async (dir) => {
    const input = await fetchBlob(deps.blobs, originalKey, path.join(dir, 'original'));
    const out = path.join(dir, kind === 'audio' ? 'house.m4a' : 'house.mp4');
    const { info, seconds } = await boundedContent(input, kind, originalKey);
    if (kind === 'audio') {
      await ffmpeg(normaliseAudioArgs(input, out), seconds, signal);
    } else {
      await ffmpeg(
        normaliseVideoArgs({ file: input, hasAudio: info.audio !== null, durationSeconds: seconds }, out),
        seconds,
        signal,
      );
      if (posterKey) {
        const poster = path.join(dir, 'poster.jpg');
        await ffmpeg(posterArgs(out, Math.min(1, seconds / 2), poster), 1, signal);
        await deps.blobs.putFile(posterKey, poster, 'image/jpeg');
      }
    }
    await deps.blobs.putFile(key, out, kind === 'audio' ? 'audio/mp4' : 'video/mp4');
  });
  return key;
}

/**
 * What an original really holds, measured again from its packets (a file stored before the limits were
 * checked at registration is held to them too): its length bounds the transcode's `-t` and time limit.
 */
async function boundedContent(file: string, kind: 'video' | 'audio', key: string) {
  const info = await probeMedia(file);
  if (!info || (kind === 'video' && !info.video)) throw new Error(`${key} has no ${kind} stream`);
  const measured = await measureStream(file, kind);
  const over = exceededLimit(kind, info, measured);
  if (over || !measured) throw new Error(`${key} is beyond the media limits (${over ?? 'frames'})`);
  return { info, seconds: Math.min(info.durationSeconds, measured.seconds) };
}

/** The length of a house-format file this module made (its header is ours, so it is read as told). */
const houseSeconds = async (file: string): Promise<number> => (await probeMedia(file))?.durationSeconds ?? 0;

/** What a vehicle video becomes on arrival: its house-format copy and its poster frame. */
export async function ensureVehicleHouse(
  deps: AssemblyDeps,
  originalKey: string,
  signal?: AbortSignal,
): Promise<{ house: string; poster: string }> {
  return {
    house: await ensureHouse(deps, originalKey, 'video', signal, { poster: true }),
    poster: posterKeyOf(originalKey),
  };
}

/** The configured files of a configuration, by slot, with their blob keys. */
export function configuredFiles(cfg: repo.ConfigRow): Partial<Record<ConfigSlot, { uploadId: string; key: string }>> {
  const files: Partial<Record<ConfigSlot, { uploadId: string; key: string }>> = {};
  for (const slot of ['INTRODUCTION', 'CONCLUSION', 'AUDIO'] as const) {
    const uploadId = cfg[SLOT_UPLOAD[slot]];
    const key = cfg[SLOT_KEY[slot]];
    if (uploadId && key) files[slot] = { uploadId, key };
  }
  return files;
}

/**
 * Whether a newer configuration replaced the one a job works for. Its files may then be collected while the job
 * reads them: that version's own jobs make the new outputs, so the older job stops as stale instead of failing.
 */
async function superseded(deps: AssemblyDeps, groupId: string, version: number): Promise<boolean> {
  return ((await repo.findConfig(deps.db, groupId))?.version ?? 0) !== version;
}

/**
 * `media.prepare` for one configuration version: the house copies of its files, then one assembly
 * job per VIDEO shooting of the group. A version that is no longer current does nothing: the newer
 * one has its own job.
 */
export async function prepareGroup(
  deps: AssemblyDeps,
  p: { groupId: string; version: number },
  enqueueAssembly: (targets: { shootingId: string; videoId: string }[]) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const cfg = await repo.findConfig(deps.db, p.groupId);
  if (!cfg || cfg.version !== p.version) return;
  const files = configuredFiles(cfg);
  try {
    for (const slot of ['INTRODUCTION', 'CONCLUSION', 'AUDIO'] as const) {
      const f = files[slot];
      if (f) await ensureHouse(deps, f.key, slot === 'AUDIO' ? 'audio' : 'video', signal);
    }
  } catch (err) {
    if (await superseded(deps, p.groupId, p.version)) return;
    throw err;
  }
  await enqueueAssembly(await repo.assemblableShootings(deps.db, p.groupId));
}

export type AssemblyOutcome = 'assembled' | 'stale' | 'unchanged' | 'no-video';

/**
 * `media.assemble` for one shooting and configuration version: CONCAT (intro + vehicle + outro, by
 * stream copy), ORIGINAL_AUDIO (the audio under the vehicle video, the picture copied) and CONCAT_AUDIO
 * (the audio under CONCAT, made from it), as far as the configuration has the files. The vehicle video's
 * house copy and poster are made first, once (its arrival). Outputs are keyed by shooting, version and
 * vehicle video, so a rerun rewrites the same files; rows are replaced in one transaction that first
 * checks the version is still current (newest configuration wins), and old files are removed after it
 * commits.
 */
export async function assembleShooting(
  deps: AssemblyDeps,
  p: { shootingId: string; version: number },
  signal?: AbortSignal,
): Promise<AssemblyOutcome> {
  const shooting = await findShootingForJob(deps.db, p.shootingId);
  if (!shooting) return 'no-video';
  const cfg = await repo.findConfig(deps.db, shooting.groupId);
  const version = cfg?.version ?? 0;
  if (version !== p.version) return 'stale';
  const videos = await repo.videosOf(deps.db, p.shootingId);
  const original = videos.find((v) => v.videoType === 'ORIGINAL' && v.streamer === 'STAMPYT' && v.blobKey);
  if (!original?.blobKey) return 'no-video';
  const prefix = `videos/${p.shootingId}/assembled/v${version}-${original.id}/`;
  const assembled = videos.filter((v) => (repo.ASSEMBLED_TYPES as readonly string[]).includes(v.videoType));
  const files = cfg ? configuredFiles(cfg) : {};
  const wanted = plannedTypes(files);
  const posterKey = posterKeyOf(original.blobKey);
  if (
    original.posterKey === posterKey &&
    assembled.length === wanted.length &&
    assembled.every((v) => v.blobKey?.startsWith(prefix))
  ) {
    return 'unchanged';
  }

  const { house: vehicleHouse } = await ensureVehicleHouse(deps, original.blobKey, signal);
  const stored = await withScratch(async (dir) => {
    const local = async (key: string, name: string) => fetchBlob(deps.blobs, key, path.join(dir, name));
    const vehicle = await local(vehicleHouse, 'vehicle.mp4');
    const made: { type: (typeof repo.ASSEMBLED_TYPES)[number]; file: string }[] = [];

    let concat: string | null = null;
    if (files.INTRODUCTION || files.CONCLUSION) {
      const part = async (slot: 'INTRODUCTION' | 'CONCLUSION', name: string) => {
        const f = files[slot];
        return f ? [await local(await ensureHouse(deps, f.key, 'video', signal), name)] : [];
      };
      const list = path.join(dir, 'parts.txt');
      const parts = [...(await part('INTRODUCTION', 'intro.mp4')), vehicle, ...(await part('CONCLUSION', 'outro.mp4'))];
      await fsp.writeFile(list, concatList(parts));
      concat = path.join(dir, 'concat.mp4');
      const seconds = (await Promise.all(parts.map(houseSeconds))).reduce((a, b) => a + b, 0);
      await ffmpeg(concatArgs(list, concat), seconds, signal);
      made.push({ type: 'CONCAT', file: concat });
    }
    if (files.AUDIO) {
      const audio = await local(await ensureHouse(deps, files.AUDIO.key, 'audio', signal), 'audio.m4a');
      const withAudio = path.join(dir, 'original-audio.mp4');
      await ffmpeg(underlayAudioArgs({ video: vehicle, audio }, withAudio), await houseSeconds(vehicle), signal);
      made.push({ type: 'ORIGINAL_AUDIO', file: withAudio });
      if (concat) {
        // CONCAT with the audio laid under it: made from CONCAT, not joined again.
        const both = path.join(dir, 'concat-audio.mp4');
        await ffmpeg(underlayAudioArgs({ video: concat, audio }, both), await houseSeconds(concat), signal);
        made.push({ type: 'CONCAT_AUDIO', file: both });
      }
    }
    const keys: { type: (typeof repo.ASSEMBLED_TYPES)[number]; key: string }[] = [];
    for (const m of made) {
      const key = `${prefix}${m.type.toLowerCase().replace('_', '-')}.mp4`;
      await deps.blobs.putFile(key, m.file, 'video/mp4');
      keys.push({ type: m.type, key });
    }
    return keys;
  }).catch(async (err: unknown) => {
    if (await superseded(deps, shooting.groupId, version)) return null;
    throw err;
  });
  if (!stored) return 'stale';
  const outputs = { posterKey, stored };

  const now = deps.clock.now().toISOString();
  const removed = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.findConfig(trx, shooting.groupId);
    if ((current?.version ?? 0) !== version) return null;
    const rows = outputs.stored.map((o): repo.VideoRow => ({
      id: deps.ids.uuid(),
      shootingId: p.shootingId,
      videoType: o.type,
      streamer: 'STAMPYT',
      url: null,
      reference: null,
      blobKey: o.key,
      createdAt: now,
      configVersion: version,
      posterKey: outputs.posterKey,
    }));
    for (const r of rows) r.reference = r.id;
    const old = await repo.replaceAssembled(trx, p.shootingId, rows);
    await repo.setPoster(trx, original.id, outputs.posterKey);
    await emitWebhookEvent(deps, trx, {
      type: 'video.assembled',
      groupId: shooting.groupId,
      streamKey: p.shootingId,
      data: { shootingId: p.shootingId, videos: rows.map((r) => ({ id: r.id, type: r.videoType })) },
    });
    return old;
  });
  if (removed === null) {
    await deps.blobs.deletePrefix(prefix);
    return 'stale';
  }
  // Only files this module made: demo clips may be shared between shootings.
  const ours = removed.filter((k) => k.startsWith(`videos/${p.shootingId}/assembled/`) && !k.startsWith(prefix));
  await Promise.all([...new Set(ours.map((k) => path.posix.dirname(k)))].map((d) => deps.blobs.deletePrefix(`${d}/`)));
  return 'assembled';
}

/** The assembled types a configuration's files give. */
export function plannedTypes(files: Partial<Record<ConfigSlot, unknown>>): (typeof repo.ASSEMBLED_TYPES)[number][] {
  const frame = Boolean(files.INTRODUCTION || files.CONCLUSION);
  return [
    ...(frame ? (['CONCAT'] as const) : []),
    ...(files.AUDIO ? (['ORIGINAL_AUDIO'] as const) : []),
    ...(files.AUDIO && frame ? (['CONCAT_AUDIO'] as const) : []),
  ];
}
