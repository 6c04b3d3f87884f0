import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob, type JobDefinition } from '../../platform/queue/queue';
import type { ResumableStore } from '../../platform/uploads/resumable-store';
import { assembleShooting, prepareGroup, type AssemblyDeps } from './assembly.service';
import { sweepExpiredUploads } from './upload-sweep.service';

/** Expired unfinished uploads are swept once an hour. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const sweepKey = (slot: number) => `media.sweep-uploads:${slot}`;

const Slot = z.object({ slot: z.number().int() });

/** The key of a shooting's assembly: one per shooting, configuration version and vehicle video. */
export const assemblyKey = (shootingId: string, version: number, videoId: string) =>
  `media.assemble:${shootingId}:${version}:${videoId}`;

/**
 * `media.prepare` (a configuration version: house copies, then the group's assemblies) and
 * `media.assemble` (one shooting at one version). Both are idempotent: outputs are keyed by what they
 * are made from, and a version that is no longer current does nothing. `media.sweep-uploads`, one job
 * per hour slot that queues the next, removes expired unfinished uploads from the upload store.
 */
export function mediaJobs(adapters: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'queue' | 'config'>) {
  const deps: AssemblyDeps = adapters;
  // The upload store is opened on the first sweep only: a worker holds no tus code until then.
  let store: Promise<ResumableStore> | null = null;
  const uploadStore = () =>
    (store ??= import('../../platform/uploads/resumable-store').then((m) => m.createResumableStore(adapters.config)));
  const sweep: JobDefinition<typeof Slot> = defineJob({
    name: 'media.sweep-uploads',
    schema: Slot,
    async handler({ slot }) {
      const { failed } = await sweepExpiredUploads({ ...adapters, store: await uploadStore() });
      await adapters.queue.enqueue(
        sweep,
        { slot: slot + 1 },
        { key: sweepKey(slot + 1), runAt: new Date((slot + 1) * SWEEP_INTERVAL_MS) },
      );
      // Retried (the next hour is already queued, once): what could not be removed is tried again.
      if (failed) throw new Error(`${failed} expired uploads could not be removed from the upload store`);
    },
  });
  const assemble = defineJob({
    name: 'media.assemble',
    lane: 'media',
    schema: z.object({ shootingId: z.string(), version: z.number().int().nonnegative() }),
    async handler(p, { signal }) {
      await assembleShooting(deps, p, signal);
    },
  });
  const prepare = defineJob({
    name: 'media.prepare',
    lane: 'media',
    schema: z.object({ groupId: z.string(), version: z.number().int().nonnegative() }),
    async handler(p, { signal }) {
      await prepareGroup(
        deps,
        p,
        async (targets) => {
          for (const t of targets) {
            await adapters.queue.enqueue(
              assemble,
              { shootingId: t.shootingId, version: p.version },
              { key: assemblyKey(t.shootingId, p.version, t.videoId) },
            );
          }
        },
        signal,
      );
    },
  });
  return { prepare, assemble, sweep };
}

/**
 * Queues the sweep of the next hour, at a worker's start; it then keeps itself going. Not the current
 * hour's: nothing expires within an hour of a start that matters, and a worker starts without tus.
 */
export async function scheduleUploadSweep(adapters: Parameters<typeof mediaJobs>[0]): Promise<void> {
  const slot = Math.floor(adapters.clock.now().getTime() / SWEEP_INTERVAL_MS) + 1;
  await adapters.queue.enqueue(
    mediaJobs(adapters).sweep,
    { slot },
    { key: sweepKey(slot), runAt: new Date(slot * SWEEP_INTERVAL_MS) },
  );
}

export type MediaJobs = ReturnType<typeof mediaJobs>;
