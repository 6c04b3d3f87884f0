import type { Adapters } from '../../platform/adapters';
import { defineRecurringJob, type Recurrence } from '../../platform/queue/recurring';
import { collectBlobGarbage } from './blob-gc.service';

/**
 * `blobs.collect-garbage`, once an hour from a worker's start: one job per hour slot, so collection never
 * runs twice in an hour and never stops while a worker runs.
 */
export const blobCollection: Recurrence = {
  name: 'blobs.collect-garbage',
  everyMs: 60 * 60 * 1000,
  first: 'current-slot',
};

export function blobJobs(deps: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'queue' | 'config'>) {
  return {
    collect: defineRecurringJob(deps.queue, blobCollection, async () => {
      await collectBlobGarbage(deps);
    }),
  };
}
