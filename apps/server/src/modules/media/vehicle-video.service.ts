import {
  hasOption,
  shootingTypesForModels,
  type MediaUploadResponse,
  type RegisteredVideo,
  type VehicleVideoUploadRequest,
} from '@forecourt/contracts';
import { AppError, forbidden } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import * as repo from './media.repo';
import { finaliseUpload, grantUpload, uploadIdOf } from './media-uploads.service';
import type { ConfigDeps } from './video-configuration.service';

/** The key of a shooting's assembly: one per shooting, configuration version and vehicle video. */
export const assemblyKey = (shootingId: string, version: number, videoId: string) =>
  `media.assemble:${shootingId}:${version}:${videoId}`;

/**
 * The caller's VIDEO shooting, for a write of its vehicle video: their models must give VIDEO shootings
 * (spec section 6: VIDEO or PROCESS), and replacing the video there removes it, which is the delete
 * option's (useDeleteShooting: "delete a shooting or video").
 */
async function requireVideoShooting(deps: Pick<ConfigDeps, 'db'>, user: UserContext, shootingId: string) {
  const s = await requireShooting(deps.db, user, { shootingId });
  if (s.shootingType !== 'VIDEO') throw new AppError('VALIDATION_ERROR', 'Only a VIDEO shooting takes a vehicle video');
  if (!shootingTypesForModels(user.models).includes('VIDEO'))
    throw forbidden('Your account does not include video shootings');
  const hasVideo = (await repo.videosOf(deps.db, shootingId)).some((v) => v.videoType === 'ORIGINAL');
  if (hasVideo && !hasOption(user.options, 'useDeleteShooting'))
    throw forbidden("Replacing a shooting's video needs the delete option");
  return s;
}

/** A resumable upload of a VIDEO shooting's vehicle video (the mobile app's call). */
export async function grantVehicleUpload(
  deps: ConfigDeps,
  user: UserContext,
  shootingId: string,
  file: VehicleVideoUploadRequest,
): Promise<MediaUploadResponse> {
  const s = await requireVideoShooting(deps, user, shootingId);
  return grantUpload(deps, user, { groupId: s.groupId, slot: 'VEHICLE', shootingId }, file);
}

/**
 * The uploaded file becomes the shooting's vehicle video (ORIGINAL, hosted), replacing the previous
 * one; its normalisation, poster and assembled videos follow in a job committed with it.
 */
export async function registerVehicleVideo(
  deps: ConfigDeps,
  user: UserContext,
  shootingId: string,
  url: string,
): Promise<RegisteredVideo> {
  const s = await requireVideoShooting(deps, user, shootingId);
  const uploadId = uploadIdOf(url);
  const upload = uploadId ? await repo.findUpload(deps.db, uploadId) : null;
  if (!upload || upload.slot !== 'VEHICLE' || upload.shootingId !== shootingId) {
    throw new AppError('VALIDATION_ERROR', 'The url is not an upload of this shooting', { url });
  }
  const stored = await finaliseUpload(deps, upload.id);
  const existing = (await repo.videosOf(deps.db, shootingId)).find(
    (v) => v.videoType === 'ORIGINAL' && v.blobKey === stored.blobKey,
  );
  if (existing) return { id: existing.id };
  const id = deps.ids.uuid();
  const removed = await deps.db.transaction().execute(async (trx) => {
    const old = await repo.replaceOriginal(trx, {
      id,
      shootingId,
      videoType: 'ORIGINAL',
      streamer: 'STAMPYT',
      url: null,
      reference: id,
      blobKey: stored.blobKey,
      createdAt: deps.clock.now().toISOString(),
      configVersion: null,
      posterKey: null,
    });
    const version = (await repo.findConfig(trx, s.groupId))?.version ?? 0;
    await deps.queue.enqueue(
      'media.assemble',
      { shootingId, version },
      { key: assemblyKey(shootingId, version, id), within: trx },
    );
    return old;
  });
  const ours = removed.filter((k) => k.startsWith(`videos/${shootingId}/uploads/`));
  await Promise.all(ours.map((k) => deps.blobs.deletePrefix(`${k.slice(0, k.lastIndexOf('/'))}/`)));
  return { id };
}
