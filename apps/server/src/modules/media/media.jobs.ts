import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { defineRecurringJob, type Recurrence } from '../../platform/queue/recurring';
import type { ResumableStore } from '../../platform/uploads/resumable-store';
import { assembleShooting, prepareGroup, type AssemblyDeps } from './assembly.service';
import { sweepExpiredUploads } from './upload-sweep.service';
import { assemblyKey } from './vehicle-video.service';

/**
 * `media.sweep-uploads`, once an hour: removes expired unfinished uploads from the upload store. The first
 * run is the next hour's, not the current one's: nothing expires within an hour of a start that matters,
 * and a worker starts without tus.
 */
export const uploadSweep: Recurrence = { name: 'media.sweep-uploads', everyMs: 60 * 60 * 1000, first: 'next-slot' };

/**
 * `media.prepare` (a configuration version: house copies, then the group's assemblies) and
 * `media.assemble` (one shooting at one version). Both are idempotent: outputs are keyed by what they
 * are made from, and a version that is no longer current does nothing.
 */
export function mediaJobs(adapters: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'queue' | 'config'>) {
  const deps: AssemblyDeps = adapters;
  // The upload store is opened on the first sweep only: a worker holds no tus code until then.
  let store: Promise<ResumableStore> | null = null;
  const uploadStore = () =>
    (store ??= import('../../platform/uploads/resumable-store').then((m) => m.createResumableStore(adapters.config)));
  const sweep = defineRecurringJob(adapters.queue, uploadSweep, async () => {
    const { failed } = await sweepExpiredUploads({ ...adapters, store: await uploadStore() });
    // Retried (the next hour is queued all the same, once): what could not be removed is tried again.
    if (failed) throw new Error(`${failed} expired uploads could not be removed from the upload store`);
  });
  const assemble = defineJob('media.assemble', async (p, { signal }) => {
    await assembleShooting(deps, p, signal);
  });
  const prepare = defineJob('media.prepare', async (p, { signal }) => {
    await prepareGroup(
      deps,
      p,
      async (targets) => {
        for (const t of targets) {
          await adapters.queue.enqueue(
            'media.assemble',
            { shootingId: t.shootingId, version: p.version },
            { key: assemblyKey(t.shootingId, p.version, t.videoId) },
          );
        }
      },
      signal,
    );
  });
  return { prepare, assemble, sweep };
}
