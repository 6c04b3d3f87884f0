import type { AdminMediaSlot, ConfiguredMedia, VideoConfiguration } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, notFound } from '../../platform/errors';
import { requireOption } from '../identity/auth';
import type { UserContext } from '../identity/user-context';
import { configuredFiles } from './assembly.service';
import * as repo from './media.repo';
import { finaliseUpload, uploadIdOf, type UploadDeps } from './media-uploads.service';

export type ConfigDeps = UploadDeps & Pick<Adapters, 'queue' | 'config'>;

const SLOT: Record<AdminMediaSlot, Exclude<repo.UploadSlot, 'VEHICLE'>> = {
  introduction: 'INTRODUCTION',
  conclusion: 'CONCLUSION',
  audio: 'AUDIO',
};

/** The admin video screen's rule: option useAdminVideo, and only one's own group (another is 404). */
export function requireGroupAdmin(user: UserContext, groupId: string): void {
  requireOption(user, 'useAdminVideo');
  if (groupId !== user.groupId) throw notFound('Video configuration');
}

async function requireConfig(
  deps: Pick<ConfigDeps, 'db'>,
  groupId: string,
  configurationId?: string,
): Promise<repo.ConfigRow> {
  const cfg = await repo.findConfig(deps.db, groupId);
  if (!cfg || (configurationId !== undefined && cfg.id !== configurationId)) throw notFound('Video configuration');
  return cfg;
}

export async function getConfiguration(
  deps: ConfigDeps,
  user: UserContext,
  groupId: string,
): Promise<VideoConfiguration> {
  requireGroupAdmin(user, groupId);
  return describe(deps, await requireConfig(deps, groupId));
}

/** POST: the group's (empty) configuration; a group has one, so a second POST is a conflict. */
export async function createConfiguration(
  deps: ConfigDeps,
  user: UserContext,
  groupId: string,
): Promise<VideoConfiguration> {
  requireGroupAdmin(user, groupId);
  const created = await repo.insertConfig(deps.db, {
    id: deps.ids.uuid(),
    groupId,
    now: deps.clock.now().toISOString(),
  });
  if (!created) throw new AppError('CONFLICT', 'This group already has a video configuration');
  return describe(deps, await requireConfig(deps, groupId));
}

/**
 * PUT: the uploaded file becomes the slot's file. The upload must be this group's, for this slot,
 * complete and accepted by its content. The version goes up and the group's videos are re-assembled in
 * the background (the job commits with the change); the replaced file is removed.
 */
export async function registerMedia(
  deps: ConfigDeps,
  user: UserContext,
  target: { groupId: string; configurationId: string; slot: AdminMediaSlot },
  url: string,
): Promise<VideoConfiguration> {
  requireGroupAdmin(user, target.groupId);
  const cfg = await requireConfig(deps, target.groupId, target.configurationId);
  const slot = SLOT[target.slot];
  const uploadId = uploadIdOf(url);
  const upload = uploadId ? await repo.findUpload(deps.db, uploadId) : null;
  if (!upload || upload.groupId !== target.groupId || upload.slot !== slot) {
    throw new AppError('VALIDATION_ERROR', 'The url is not an upload of this group for this file', { url });
  }
  const stored = await finaliseUpload(deps, upload.id);
  const previous = configuredFiles(cfg)[slot];
  if (previous?.uploadId === stored.id) return describe(deps, cfg);
  await change(deps, target.groupId, slot, { blobKey: stored.blobKey!, uploadId: stored.id });
  if (previous) await deps.blobs.deletePrefix(`${previous.key.slice(0, previous.key.lastIndexOf('/'))}/`);
  return describe(deps, await requireConfig(deps, target.groupId));
}

/** DELETE: the slot is emptied, its file removed, and the videos re-assembled without it. */
export async function deleteMedia(
  deps: ConfigDeps,
  user: UserContext,
  target: { groupId: string; configurationId: string; slot: AdminMediaSlot },
): Promise<void> {
  requireGroupAdmin(user, target.groupId);
  const cfg = await requireConfig(deps, target.groupId, target.configurationId);
  const slot = SLOT[target.slot];
  const previous = configuredFiles(cfg)[slot];
  if (!previous) throw notFound('Configured file');
  await change(deps, target.groupId, slot, null);
  await deps.blobs.deletePrefix(`${previous.key.slice(0, previous.key.lastIndexOf('/'))}/`);
}

async function change(
  deps: ConfigDeps,
  groupId: string,
  slot: Exclude<repo.UploadSlot, 'VEHICLE'>,
  file: { blobKey: string; uploadId: string } | null,
) {
  await deps.db.transaction().execute(async (trx) => {
    const version = await repo.setSlot(trx, groupId, slot, file, deps.clock.now().toISOString());
    await deps.queue.enqueue(
      'media.prepare',
      { groupId, version },
      { key: `media.prepare:${groupId}:${version}`, within: trx },
    );
  });
}

async function describe(deps: ConfigDeps, cfg: repo.ConfigRow): Promise<VideoConfiguration> {
  const files = configuredFiles(cfg);
  const uploads = new Map(
    (
      await repo.uploadsByIds(
        deps.db,
        Object.values(files).map((f) => f.uploadId),
      )
    ).map((u) => [u.id, u]),
  );
  const ttl = deps.config.PRESIGN_GET_TTL_SECONDS;
  const media = async (slot: Exclude<repo.UploadSlot, 'VEHICLE'>): Promise<ConfiguredMedia | null> => {
    const f = files[slot];
    const u = f ? uploads.get(f.uploadId) : undefined;
    if (!f || !u) return null;
    return {
      url: await deps.blobs.presignGet(f.key, { expiresInSeconds: ttl }),
      downloadUrl: await deps.blobs.presignGet(f.key, { expiresInSeconds: ttl, downloadName: u.fileName }),
      fileName: u.fileName,
      durationSeconds: (u.durationMs ?? 0) / 1000,
      width: u.width,
      height: u.height,
    };
  };
  const [introduction, conclusion, audio] = await Promise.all([
    media('INTRODUCTION'),
    media('CONCLUSION'),
    media('AUDIO'),
  ]);
  return {
    idConfigurationVideo: cfg.id,
    groupId: cfg.groupId,
    introductionVideoUrl: introduction?.url ?? null,
    conclusionVideoUrl: conclusion?.url ?? null,
    audioUrl: audio?.url ?? null,
    version: cfg.version,
    files: { introduction, conclusion, audio },
  };
}
