import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { defineJob } from '../../platform/queue/queue';
import { DMS_MAX_ATTEMPTS, pushShootingToDms, type DmsDeps } from './shootings-dms.service';

export const PURGE_SHOOTING_BLOBS = 'shootings.purge-blobs';

export const purgeBlobsPayload = z.object({
  keys: z.array(z.string()),
  /** Folders (ending with '/') removed whole, for files no row pointed at. */
  prefixes: z.array(z.string().regex(/\/$/)),
});

/**
 * Removes the files of deleted shootings or videos. The keys were read before the rows went, in the
 * same transaction that queued this job; deleting a missing file succeeds, so a retry finishes the rest.
 */
export const purgeShootingBlobsJob = (blobs: BlobStore) =>
  defineJob({
    name: PURGE_SHOOTING_BLOBS,
    schema: purgeBlobsPayload,
    handler: async ({ keys, prefixes }) => {
      for (const key of keys) await blobs.delete(key);
      for (const prefix of prefixes) await blobs.deletePrefix(prefix);
    },
  });

/** Sends a shooting to the DMS (a resend from the portal); shootings-dms.service.ts says how. */
export const pushToDmsJob = (deps: DmsDeps) =>
  defineJob({
    name: 'shootings.push-dms',
    schema: z.object({ shootingId: z.string() }),
    maxAttempts: DMS_MAX_ATTEMPTS,
    handler: ({ shootingId }, ctx) => pushShootingToDms(deps, shootingId, ctx),
  });

export type PushToDmsJob = ReturnType<typeof pushToDmsJob>;
