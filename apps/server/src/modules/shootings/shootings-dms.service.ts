import path from 'node:path';
import { isVirtualVin, pickOrderGallery } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { DmsImage } from '../../platform/dms/dms';
import { badRequest } from '../../platform/errors';
import { jobRegistry } from '../../platform/queue/job-registry';
import type { JobContext } from '../../platform/queue/queue';
import { requireOption } from '../identity/auth';
import { pushToGroupDms } from '../settings/dms.service';
import type { UserContext } from '../identity/user-context';
import { dmsVehicleOf, findShootingForJob, requireShooting } from './shooting-scope.service';
import * as repo from './shootings.repo';

export type DmsDeps = Pick<Adapters, 'db' | 'blobs' | 'queue' | 'clock' | 'ids' | 'config' | 'dms'>;

const DMS_MAX_ATTEMPTS = jobRegistry['shootings.push-dms'].maxAttempts;

const extensionOf = (key: string) => {
  const ext = path.extname(key).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.jpg';
};

// The embedded blob store signs paths of this server; a DMS fetching them needs the full address.
const absolute = (base: string, url: string) => (url.startsWith('/') ? `${base}${url}` : url);

/**
 * `shootings.push-dms`: pushes a shooting's vehicle and final images (the order gallery's pick per
 * position) to the DMS of its stock's group (settings; DMS_DRIVER by default) and marks it SYNCED. A push replaces the earlier one, so a retry or a resend is
 * harmless; the last failed attempt marks it FAILED. A shooting deleted since has nothing left to send.
 */
export async function pushShootingToDms(deps: DmsDeps, shootingId: string, ctx: JobContext): Promise<void> {
  const s = await findShootingForJob(deps.db, shootingId);
  if (!s) return;
  const rows = await repo.imagesOf(deps.db, s.id);
  const finals = pickOrderGallery(rows.map((r) => ({ ...r, order: r.position, imageType: r.image_type })));
  const ttl = { expiresInSeconds: 7 * 24 * 3600 };
  const images: DmsImage[] = await Promise.all(
    finals.map(async (i) => ({
      order: i.order,
      imageType: i.imageType,
      fileName: `${String(i.order).padStart(3, '0')}-${i.imageType}${extensionOf(i.blob_key)}`,
      contentType: extensionOf(i.blob_key) === '.png' ? 'image/png' : 'image/jpeg',
      url: absolute(deps.config.PUBLIC_URL, await deps.blobs.presignGet(i.blob_key, ttl)),
      open: async () => {
        const obj = await deps.blobs.get(i.blob_key);
        if (!obj) throw new Error(`Image file ${i.blob_key} is missing`);
        return obj.body;
      },
    })),
  );
  try {
    await pushToGroupDms(deps, dmsVehicleOf(s, images), { idempotencyKey: ctx.jobId, signal: ctx.signal });
  } catch (err) {
    if (ctx.attempt >= DMS_MAX_ATTEMPTS) await repo.setDmsStatus(deps.db, s.id, 'FAILED');
    throw err;
  }
  await repo.setDmsStatus(deps.db, s.id, 'SYNCED', deps.clock.now().toISOString());
}

/** Queues a (re)send of a shooting to the DMS and marks it PENDING. Not for virtual shootings. */
export async function replayDms(
  deps: DmsDeps,
  user: UserContext,
  shootingId: string,
): Promise<{ dmsStatus: 'PENDING' }> {
  requireOption(user, 'useResendDMSOnStampotheque');
  const s = await requireShooting(deps.db, user, { shootingId });
  if (isVirtualVin(s.vin) || s.productType === 'VIRTUAL') {
    throw badRequest('A virtual shooting is not known to the DMS and cannot be sent to it');
  }
  await repo.setDmsStatus(deps.db, s.id, 'PENDING');
  await deps.queue.enqueue(
    'shootings.push-dms',
    { shootingId: s.id },
    { key: `shootings.push-dms:${s.id}:${deps.ids.uuid()}` },
  );
  return { dmsStatus: 'PENDING' };
}
