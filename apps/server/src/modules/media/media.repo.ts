import type { Selectable } from 'kysely';
import type { MediaUploadsTable, VideoConfigurationsTable, VideosTable } from '../../db/schema';
import type { Db } from '../../platform/db/database';

/** INTRODUCTION, CONCLUSION, AUDIO (the group's configuration) or VEHICLE (a shooting's own video). */
export type UploadSlot = 'INTRODUCTION' | 'CONCLUSION' | 'AUDIO' | 'VEHICLE';
/** EXPIRED: never finished, swept from the upload store after its grant ran out. */
export type UploadStatus = 'PENDING' | 'STORING' | 'DONE' | 'REFUSED' | 'OVER_LIMITS' | 'EXPIRED';

/** A resumable upload (`media_uploads`). */
export interface UploadRow {
  id: string;
  groupId: string;
  userId: string;
  slot: string;
  shootingId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  fingerprint: string;
  status: string;
  blobKey: string | null;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  hasAudio: number | null;
  expiresAt: string;
  createdAt: string;
}

/** A group's video configuration (`video_configurations`): its three files and their version. */
export interface ConfigRow {
  id: string;
  groupId: string;
  introductionKey: string | null;
  conclusionKey: string | null;
  audioKey: string | null;
  introductionUpload: string | null;
  conclusionUpload: string | null;
  audioUpload: string | null;
  updatedAt: string;
  version: number;
}

/** A shooting's video (`videos`). */
export interface VideoRow {
  id: string;
  shootingId: string;
  videoType: string;
  streamer: string;
  url: string | null;
  reference: string | null;
  blobKey: string | null;
  createdAt: string;
  configVersion: number | null;
  posterKey: string | null;
}

const toUpload = (r: Selectable<MediaUploadsTable>): UploadRow => ({
  id: r.id,
  groupId: r.group_id,
  userId: r.user_id,
  slot: r.slot,
  shootingId: r.shooting_id,
  fileName: r.file_name,
  contentType: r.content_type,
  size: Number(r.size),
  fingerprint: r.fingerprint,
  status: r.status,
  blobKey: r.blob_key,
  durationMs: r.duration_ms,
  width: r.width,
  height: r.height,
  hasAudio: r.has_audio,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
});

type UploadChange = Partial<
  Pick<UploadRow, 'status' | 'blobKey' | 'durationMs' | 'width' | 'height' | 'hasAudio' | 'contentType'>
>;

const uploadColumns = (u: UploadChange): Partial<Selectable<MediaUploadsTable>> => ({
  status: u.status,
  blob_key: u.blobKey,
  duration_ms: u.durationMs,
  width: u.width,
  height: u.height,
  has_audio: u.hasAudio,
  content_type: u.contentType,
});

const toConfig = (r: Selectable<VideoConfigurationsTable>): ConfigRow => ({
  id: r.id,
  groupId: r.group_id,
  introductionKey: r.introduction_key,
  conclusionKey: r.conclusion_key,
  audioKey: r.audio_key,
  introductionUpload: r.introduction_upload,
  conclusionUpload: r.conclusion_upload,
  audioUpload: r.audio_upload,
  updatedAt: r.updated_at,
  version: r.version,
});

const toVideo = (r: Selectable<VideosTable>): VideoRow => ({
  id: r.id,
  shootingId: r.shooting_id,
  videoType: r.video_type,
  streamer: r.streamer,
  url: r.url,
  reference: r.reference,
  blobKey: r.blob_key,
  createdAt: r.created_at,
  configVersion: r.config_version,
  posterKey: r.poster_key,
});

const videoColumns = (v: VideoRow): Selectable<VideosTable> => ({
  id: v.id,
  shooting_id: v.shootingId,
  video_type: v.videoType,
  streamer: v.streamer,
  url: v.url,
  reference: v.reference,
  blob_key: v.blobKey,
  created_at: v.createdAt,
  config_version: v.configVersion,
  poster_key: v.posterKey,
});

export async function insertUpload(db: Db, u: UploadRow): Promise<void> {
  await db
    .insertInto('media_uploads')
    .values({
      ...uploadColumns(u),
      id: u.id,
      group_id: u.groupId,
      user_id: u.userId,
      slot: u.slot,
      shooting_id: u.shootingId,
      file_name: u.fileName,
      content_type: u.contentType,
      size: u.size,
      fingerprint: u.fingerprint,
      status: u.status,
      expires_at: u.expiresAt,
      created_at: u.createdAt,
    })
    .execute();
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const r = await db.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toUpload(r) : null;
}

/** An unfinished, unexpired upload of the same file by the same user for the same target. */
export async function findResumable(
  db: Db,
  key: {
    userId: string;
    groupId: string;
    slot: UploadSlot;
    shootingId: string | null;
    fingerprint: string;
    now: string;
  },
): Promise<UploadRow | null> {
  let q = db
    .selectFrom('media_uploads')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('slot', '=', key.slot)
    .where('fingerprint', '=', key.fingerprint)
    .where('group_id', '=', key.groupId)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', key.now);
  q = key.shootingId ? q.where('shooting_id', '=', key.shootingId) : q.where('shooting_id', 'is', null);
  const r = await q.orderBy('created_at', 'desc').executeTakeFirst();
  return r ? toUpload(r) : null;
}

export async function updateUpload(db: Db, id: string, set: UploadChange): Promise<void> {
  await db.updateTable('media_uploads').set(uploadColumns(set)).where('id', '=', id).execute();
}

/** Unfinished uploads whose grant ran out before `before`, oldest first. */
export async function expiredPendingUploads(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('media_uploads')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('expires_at', '<', before)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Unfinished uploads whose grant still runs. */
export async function openPendingUploads(db: Db, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('media_uploads')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .execute();
  return rows.map((r) => r.id);
}

/** How many unfinished, unexpired uploads a user holds, and their bytes: what their quota counts. */
export async function pendingOf(db: Db, userId: string, now: string): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('media_uploads')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('size').as('bytes'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Marks uploads swept, as long as they are still unfinished. */
export async function markExpired(db: Db, ids: string[]): Promise<void> {
  if (ids.length)
    await db
      .updateTable('media_uploads')
      .set({ status: 'EXPIRED' })
      .where('id', 'in', ids)
      .where('status', '=', 'PENDING')
      .execute();
}

export async function findConfig(db: Db, groupId: string): Promise<ConfigRow | undefined> {
  const r = await db.selectFrom('video_configurations').selectAll().where('group_id', '=', groupId).executeTakeFirst();
  return r && toConfig(r);
}

export async function insertConfig(db: Db, row: { id: string; groupId: string; now: string }): Promise<boolean> {
  const r = await db
    .insertInto('video_configurations')
    .values({ id: row.id, group_id: row.groupId, updated_at: row.now })
    .onConflict((oc) => oc.column('group_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

const SLOT_COLUMNS = {
  INTRODUCTION: { key: 'introduction_key', upload: 'introduction_upload' },
  CONCLUSION: { key: 'conclusion_key', upload: 'conclusion_upload' },
  AUDIO: { key: 'audio_key', upload: 'audio_upload' },
} as const;

/** Sets (or clears) one file of a configuration and bumps its version; answers the new version. */
export async function setSlot(
  db: Db,
  groupId: string,
  slot: Exclude<UploadSlot, 'VEHICLE'>,
  file: { blobKey: string; uploadId: string } | null,
  now: string,
): Promise<number> {
  const c = SLOT_COLUMNS[slot];
  const r = await db
    .updateTable('video_configurations')
    .set((eb) => ({
      [c.key]: file?.blobKey ?? null,
      [c.upload]: file?.uploadId ?? null,
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('group_id', '=', groupId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return r.version;
}

export const uploadsByIds = async (db: Db, ids: string[]): Promise<UploadRow[]> =>
  ids.length === 0
    ? []
    : (await db.selectFrom('media_uploads').selectAll().where('id', 'in', ids).execute()).map(toUpload);

/** The group's VIDEO shootings that have a hosted vehicle video, the ones assembly works on. */
export async function assemblableShootings(
  db: Db,
  groupId: string,
): Promise<{ shootingId: string; videoId: string }[]> {
  const rows = await db
    .selectFrom('shootings as s')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .innerJoin('videos as v', 'v.shooting_id', 's.id')
    .select(['s.id as shootingId', 'v.id as videoId'])
    .where('o.group_id', '=', groupId)
    .where('s.shooting_type', '=', 'VIDEO')
    .where('v.video_type', '=', 'ORIGINAL')
    .where('v.streamer', '=', 'STAMPYT')
    .where('v.blob_key', 'is not', null)
    .orderBy('s.id')
    .execute();
  return rows;
}

export const videosOf = async (db: Db, shootingId: string): Promise<VideoRow[]> =>
  (await db.selectFrom('videos').selectAll().where('shooting_id', '=', shootingId).orderBy('created_at').execute()).map(
    toVideo,
  );

export const ASSEMBLED_TYPES = ['CONCAT', 'ORIGINAL_AUDIO', 'CONCAT_AUDIO'] as const;

/** Replaces a shooting's assembled videos by `rows`; answers the blob keys of the ones removed. */
export async function replaceAssembled(db: Db, shootingId: string, rows: VideoRow[]): Promise<string[]> {
  const old = await db
    .deleteFrom('videos')
    .where('shooting_id', '=', shootingId)
    .where('video_type', 'in', [...ASSEMBLED_TYPES])
    .returning('blob_key')
    .execute();
  if (rows.length) await db.insertInto('videos').values(rows.map(videoColumns)).execute();
  return old.flatMap((r) => (r.blob_key ? [r.blob_key] : []));
}

export async function setPoster(db: Db, videoId: string, posterKey: string): Promise<void> {
  await db.updateTable('videos').set({ poster_key: posterKey }).where('id', '=', videoId).execute();
}

/** Replaces a shooting's vehicle video (ORIGINAL) by a new hosted one; answers the blob keys removed. */
export async function replaceOriginal(db: Db, row: VideoRow): Promise<string[]> {
  const old = await db
    .deleteFrom('videos')
    .where('shooting_id', '=', row.shootingId)
    .where('video_type', '=', 'ORIGINAL')
    .returning('blob_key')
    .execute();
  await db.insertInto('videos').values(videoColumns(row)).execute();
  return old.flatMap((r) => (r.blob_key ? [r.blob_key] : []));
}
