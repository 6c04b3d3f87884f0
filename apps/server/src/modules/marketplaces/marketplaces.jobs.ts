import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { recogniseShootingAngles } from './angle-recognition.service';
import { pushExportToDms } from './export-push.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'config' | 'ids' | 'dms'>;

/**
 * `marketplaces.recognise-angles`: the angles of a shooting's pictures that have none, where a profile of its group
 * orders pictures by angle (angle-recognition.service.ts). Measuring again what is already known changes nothing:
 * pictures with an angle are skipped, and a person's correction is never overwritten.
 */
export function marketplacesJobs(deps: Deps) {
  return {
    recogniseAngles: defineJob('marketplaces.recognise-angles', async ({ shootingId }) => {
      await recogniseShootingAngles(deps, shootingId);
    }),
    // `marketplaces.push-dms`: an export through the group's DMS driver (export-push.service.ts).
    pushDms: defineJob('marketplaces.push-dms', ({ shootingId, profileId }, ctx) =>
      pushExportToDms(deps, shootingId, profileId, ctx),
    ),
  };
}
