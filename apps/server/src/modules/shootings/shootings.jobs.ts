import { defineJob } from '../../platform/queue/queue';
import { pushShootingToDms, type DmsDeps } from './shootings-dms.service';

/**
 * `shootings.purge-blobs` removes the files of deleted shootings or videos. The keys were read before the
 * rows went, in the same transaction that queued this job; deleting a missing file succeeds, so a retry
 * finishes the rest. `shootings.push-dms` sends a shooting to the DMS (a resend from the portal);
 * shootings-dms.service.ts says how.
 */
export function shootingsJobs(deps: DmsDeps) {
  const purgeBlobs = defineJob('shootings.purge-blobs', async ({ keys, prefixes }) => {
    for (const key of keys) await deps.blobs.delete(key);
    for (const prefix of prefixes) await deps.blobs.deletePrefix(prefix);
  });
  const pushToDms = defineJob('shootings.push-dms', ({ shootingId }, ctx) => pushShootingToDms(deps, shootingId, ctx));
  return { purgeBlobs, pushToDms };
}
