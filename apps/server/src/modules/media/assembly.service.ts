import path from 'node:path';
import fsp from 'node:fs/promises';
import type { Adapters } from '../../platform/adapters';
import { probeMedia } from '../../platform/media/media-probe';
import {
  concatArgs,
  concatList,
  normaliseAudioArgs,
  normaliseVideoArgs,
  posterArgs,
  underlayAudioArgs,
} from '../../platform/media/media-plans';
import * as repo from './media.repo';
import { fetchBlob, ffmpeg, withScratch } from './media-work';

export type AssemblyDeps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;

type ConfigSlot = Exclude<repo.UploadSlot, 'VEHICLE'>;
const SLOT_UPLOAD = { INTRODUCTION: 'introduction_upload', CONCLUSION: 'conclusion_upload', AUDIO: 'audio_upload' } as const;
const SLOT_KEY = { INTRODUCTION: 'introduction_key', CONCLUSION: 'conclusion_key', AUDIO: 'audio_key' } as const;

/** Where the house-format copy of an original lives: beside it, named by what it is. */
export const houseKeyOf = (originalKey: string, kind: 'video' | 'audio'): string =>
  `${path.posix.dirname(originalKey)}/house.${kind === 'audio' ? 'm4a' : 'mp4'}`;

/**
 * The house-format copy of a stored original, made once: a later call finds it and does nothing, so a
 * retried or repeated job costs one HEAD.
 */
export async function ensureHouse(deps: AssemblyDeps, originalKey: string, kind: 'video' | 'audio', signal?: AbortSignal): Promise<string> {
  const key = houseKeyOf(originalKey, kind);
  if (await deps.blobs.head(key)) return key;
  await withScratch(async (dir) => {
    const input = await fetchBlob(deps.blobs, originalKey, path.join(dir, 'original'));
    const out = path.join(dir, kind === 'audio' ? 'house.m4a' : 'house.mp4');
    if (kind === 'audio') {
      await ffmpeg(normaliseAudioArgs(input, out), signal);
    } else {
      const info = await probeMedia(input);
      if (!info?.video) throw new Error(`${originalKey} has no video stream`);
      await ffmpeg(normaliseVideoArgs({ file: input, hasAudio: info.audio !== null, durationSeconds: info.durationSeconds }, out), signal);
    }
    await deps.blobs.putFile(key, out, kind === 'audio' ? 'audio/mp4' : 'video/mp4');
  });
  return key;
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
  for (const slot of ['INTRODUCTION', 'CONCLUSION', 'AUDIO'] as const) {
    const f = files[slot];
    if (f) await ensureHouse(deps, f.key, slot === 'AUDIO' ? 'audio' : 'video', signal);
  }
  await enqueueAssembly(await repo.assemblableShootings(deps.db, p.groupId));
}

export type AssemblyOutcome = 'assembled' | 'stale' | 'unchanged' | 'no-video';

/**
 * `media.assemble` for one shooting and configuration version: CONCAT (intro + vehicle + outro, by
 * stream copy), ORIGINAL_AUDIO (the audio under the vehicle video) and CONCAT_AUDIO (both), as far as
 * the configuration has the files, plus the vehicle video's poster. Outputs are keyed by shooting,
 * version and vehicle video, so a rerun rewrites the same files; rows are replaced in one transaction
 * that first checks the version is still current (newest configuration wins), and old files are
 * removed after it commits.
 */
export async function assembleShooting(deps: AssemblyDeps, p: { shootingId: string; version: number }, signal?: AbortSignal): Promise<AssemblyOutcome> {
  const shooting = await repo.findShooting(deps.db, p.shootingId);
  if (!shooting) return 'no-video';
  const cfg = await repo.findConfig(deps.db, shooting.group_id);
  const version = cfg?.version ?? 0;
  if (version !== p.version) return 'stale';
  const videos = await repo.videosOf(deps.db, p.shootingId);
  const original = videos.find((v) => v.video_type === 'ORIGINAL' && v.streamer === 'STAMPYT' && v.blob_key);
  if (!original?.blob_key) return 'no-video';
  const prefix = `videos/${p.shootingId}/assembled/v${version}-${original.id}/`;
  const assembled = videos.filter((v) => (repo.ASSEMBLED_TYPES as readonly string[]).includes(v.video_type));
  const files = cfg ? configuredFiles(cfg) : {};
  const wanted = plannedTypes(files);
  if (
    original.poster_key &&
    assembled.length === wanted.length &&
    assembled.every((v) => v.blob_key?.startsWith(prefix))
  ) {
    return 'unchanged';
  }

  const outputs = await withScratch(async (dir) => {
    const vehicleHouse = await ensureHouse(deps, original.blob_key!, 'video', signal);
    const local = async (key: string, name: string) => fetchBlob(deps.blobs, key, path.join(dir, name));
    const vehicle = await local(vehicleHouse, 'vehicle.mp4');
    const info = await probeMedia(vehicle);
    const vehicleSeconds = info?.durationSeconds ?? 0;
    const made: { type: (typeof repo.ASSEMBLED_TYPES)[number]; file: string }[] = [];

    const posterFile = path.join(dir, 'poster.jpg');
    await ffmpeg(posterArgs(vehicle, Math.min(1, vehicleSeconds / 2), posterFile), signal);

    let concat: { file: string; seconds: number } | null = null;
    if (files.INTRODUCTION || files.CONCLUSION) {
      const parts: string[] = [];
      let seconds = vehicleSeconds;
      for (const [slot, name] of [['INTRODUCTION', 'intro.mp4'], ['CONCLUSION', 'outro.mp4']] as const) {
        const f = files[slot];
        if (!f) continue;
        const file = await local(await ensureHouse(deps, f.key, 'video', signal), name);
        seconds += (await probeMedia(file))?.durationSeconds ?? 0;
        parts.push(file);
      }
      const ordered = files.INTRODUCTION ? [parts[0]!, vehicle, ...parts.slice(1)] : [vehicle, ...parts];
      const list = path.join(dir, 'parts.txt');
      await fsp.writeFile(list, concatList(ordered));
      const out = path.join(dir, 'concat.mp4');
      await ffmpeg(concatArgs(list, out), signal);
      concat = { file: out, seconds };
      made.push({ type: 'CONCAT', file: out });
    }
    if (files.AUDIO) {
      const audio = await local(await ensureHouse(deps, files.AUDIO.key, 'audio', signal), 'audio.m4a');
      const withAudio = path.join(dir, 'original-audio.mp4');
      await ffmpeg(underlayAudioArgs({ video: vehicle, audio, durationSeconds: vehicleSeconds }, withAudio), signal);
      made.push({ type: 'ORIGINAL_AUDIO', file: withAudio });
      if (concat) {
        const both = path.join(dir, 'concat-audio.mp4');
        await ffmpeg(underlayAudioArgs({ video: concat.file, audio, durationSeconds: concat.seconds }, both), signal);
        made.push({ type: 'CONCAT_AUDIO', file: both });
      }
    }
    const posterKey = `${prefix}poster.jpg`;
    await deps.blobs.putFile(posterKey, posterFile, 'image/jpeg');
    const stored: { type: (typeof repo.ASSEMBLED_TYPES)[number]; key: string }[] = [];
    for (const m of made) {
      const key = `${prefix}${m.type.toLowerCase().replace('_', '-')}.mp4`;
      await deps.blobs.putFile(key, m.file, 'video/mp4');
      stored.push({ type: m.type, key });
    }
    return { posterKey, stored };
  });

  const now = deps.clock.now().toISOString();
  const removed = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.findConfig(trx, shooting.group_id);
    if ((current?.version ?? 0) !== version) return null;
    const rows = outputs.stored.map(
      (o): repo.VideoRow => ({
        id: deps.ids.uuid(),
        shooting_id: p.shootingId,
        video_type: o.type,
        streamer: 'STAMPYT',
        url: null,
        reference: null,
        blob_key: o.key,
        created_at: now,
        config_version: version,
        poster_key: outputs.posterKey,
      }),
    );
    for (const r of rows) r.reference = r.id;
    const old = await repo.replaceAssembled(trx, p.shootingId, rows);
    await repo.setPoster(trx, original.id, outputs.posterKey);
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
