import type { MarketplaceDmsPush, MarketplaceExportFormat, MarketplaceExportPush } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import { getOrCreateSecret } from '../../platform/secrets';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';
import { signExportLink, verifyExportLink } from './export-links';
import type { DmsImage } from '../../platform/dms/dms';
import type { JobContext } from '../../platform/queue/queue';
import { requireOption } from '../identity/auth';
import { groupDmsDriverName, pushToGroupDms } from '../settings/dms.service';
import { dmsVehicleOf, findShootingForJob } from '../shootings/shooting-scope.service';
import { exportFiles, exportFileUrl, exportForProfile, openExportFile } from './marketplace-shooting.service';

/** How long the links of a pushed export open it: a receiver fetches it within the day (it may ask for a new push). */
export const EXPORT_LINK_SECONDS = 24 * 3600;

type Deps = Pick<Adapters, 'db' | 'blobs' | 'config' | 'clock' | 'ids' | 'queue'>;

/** The links' key (server_secrets), shared by every process. */
export const secretOf = (deps: Pick<Adapters, 'db'>) => getOrCreateSecret(deps.db, 'marketplace-exports');

/**
 * Pushes a shooting's export for a profile to the group's webhook endpoints: a `marketplace.export.ready` event
 * with signed links to its zip and CSV feed, valid EXPORT_LINK_SECONDS. The export is made first, so a shooting out of
 * the caller's scope, an unknown profile or a shooting without pictures answers as the export route does.
 */
export async function pushExport(
  deps: Deps,
  user: Pick<UserContext, 'ownerIds'>,
  shootingId: string,
  profileId: string,
): Promise<MarketplaceExportPush> {
  const { files: pictures } = await exportFiles(deps, user, shootingId, profileId);
  const shooting = await requireShooting(deps.db, user, { shootingId });
  const secret = await secretOf(deps);
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + EXPORT_LINK_SECONDS;
  const link = (format: MarketplaceExportFormat) =>
    `${deps.config.PUBLIC_URL}/api/marketplace-exports?token=${signExportLink(secret, {
      shootingId,
      ownerId: shooting.ownerId,
      profileId,
      format,
      exp,
    })}`;
  const files = { zip: link('zip'), csv: link('csv'), xml: link('xml') };
  const expiresAt = new Date(exp * 1000).toISOString();
  const emitted = await deps.db.transaction().execute((trx) =>
    emitWebhookEvent(deps, trx, {
      type: 'marketplace.export.ready',
      shootingId,
      streamKey: shootingId,
      data: { shootingId, registration: shooting.registration, vin: shooting.vin, profileId, files, expiresAt },
    }),
  );
  return {
    eventId: emitted?.eventId ?? null,
    endpoints: emitted?.deliveryIds.length ?? 0,
    pictures: pictures.length,
    expiresAt,
    files,
  };
}

/** The export a signed link opens (no session: the link is the right), or 404 when forged or expired. */
export async function exportByLink(deps: Deps, token: string) {
  const link = verifyExportLink(await secretOf(deps), token, Math.floor(deps.clock.now().getTime() / 1000));
  if (!link) throw notFound('Export');
  return exportForProfile(deps, { ownerIds: [link.ownerId] }, link.shootingId, link.profileId, link.format);
}

/**
 * Queues a push of a shooting's export for a profile through the DMS driver of its group (settings; DMS_DRIVER by
 * default), as the portal's "send to the DMS" of a shooting does (same option). Checked now: scope, profile, pictures.
 */
export async function queueExportToDms(
  deps: Deps & Pick<Adapters, 'dms'>,
  user: UserContext,
  shootingId: string,
  profileId: string,
): Promise<MarketplaceDmsPush> {
  requireOption(user, 'useResendDMSOnStampotheque');
  const { shooting, files } = await exportFiles(deps, user, shootingId, profileId);
  await deps.queue.enqueue(
    'marketplaces.push-dms',
    { shootingId, profileId },
    { key: `marketplaces.push-dms:${shootingId}:${profileId}:${deps.ids.uuid()}` },
  );
  return { status: 'PENDING', pictures: files.length, driver: await groupDmsDriverName(deps, shooting.groupId) };
}

/**
 * `marketplaces.push-dms`: the export's pictures, in the profile's order and named as its zip names them, pushed as
 * the shooting's vehicle through the group's DMS driver, which records the delivery (OK, or FAILED and retried).
 */
export async function pushExportToDms(
  deps: Pick<Adapters, 'db' | 'blobs' | 'config' | 'clock' | 'ids' | 'dms'>,
  shootingId: string,
  profileId: string,
  ctx: Pick<JobContext, 'jobId' | 'signal'>,
): Promise<void> {
  const s = await findShootingForJob(deps.db, shootingId);
  if (!s) return;
  const { files } = await exportFiles(deps, { ownerIds: [s.ownerId] }, shootingId, profileId);
  const images: DmsImage[] = await Promise.all(
    files.map(async (f) => ({
      order: f.picture,
      imageType: f.imageType,
      fileName: f.name,
      contentType: f.name.endsWith('.png') ? 'image/png' : 'image/jpeg',
      url: await exportFileUrl(deps, f),
      open: openExportFile(deps, f),
    })),
  );
  await pushToGroupDms(deps, dmsVehicleOf(s, images), { idempotencyKey: ctx.jobId, signal: ctx.signal });
}
