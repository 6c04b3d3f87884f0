import type { MarketplaceExportPush } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import { getOrCreateSecret } from '../../platform/secrets';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';
import { signExportLink, verifyExportLink } from './export-links';
import { exportForProfile } from './marketplace-shooting.service';

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
  await exportForProfile(deps, user, shootingId, profileId, 'csv');
  const shooting = await requireShooting(deps.db, user, { shootingId });
  const secret = await secretOf(deps);
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + EXPORT_LINK_SECONDS;
  const link = (format: 'zip' | 'csv') =>
    `${deps.config.PUBLIC_URL}/api/marketplace-exports?token=${signExportLink(secret, {
      shootingId,
      ownerId: shooting.ownerId,
      profileId,
      format,
      exp,
    })}`;
  const files = { zip: link('zip'), csv: link('csv') };
  const expiresAt = new Date(exp * 1000).toISOString();
  const emitted = await deps.db.transaction().execute((trx) =>
    emitWebhookEvent(deps, trx, {
      type: 'marketplace.export.ready',
      shootingId,
      streamKey: shootingId,
      data: { shootingId, registration: shooting.registration, vin: shooting.vin, profileId, files, expiresAt },
    }),
  );
  return { eventId: emitted?.eventId ?? null, expiresAt, files };
}

/** The export a signed link opens (no session: the link is the right), or 404 when forged or expired. */
export async function exportByLink(deps: Deps, token: string) {
  const link = verifyExportLink(await secretOf(deps), token, Math.floor(deps.clock.now().getTime() / 1000));
  if (!link) throw notFound('Export');
  return exportForProfile(deps, { ownerIds: [link.ownerId] }, link.shootingId, link.profileId, link.format);
}
