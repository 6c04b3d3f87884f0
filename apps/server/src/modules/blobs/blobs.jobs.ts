import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob, type JobDefinition } from '../../platform/queue/queue';
import { collectBlobGarbage } from './blob-gc.service';

/** The garbage collection of blobs runs once an hour. */
export const GC_INTERVAL_MS = 60 * 60 * 1000;

const Slot = z.object({ slot: z.number().int() });
const keyOf = (slot: number) => `blobs.collect-garbage:${slot}`;

/**
 * `blobs.collect-garbage`, one job per hour slot: it collects, then queues the next slot's job. The key
 * per slot makes one job of every process's start and of a retried run, so collection never runs twice
 * in an hour and never stops while a worker runs.
 */
export function blobJobs(deps: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'queue' | 'config'>) {
  const collect: JobDefinition<typeof Slot> = defineJob({
    name: 'blobs.collect-garbage',
    schema: Slot,
    handler: async ({ slot }) => {
      await collectBlobGarbage(deps);
      await deps.queue.enqueue(
        collect,
        { slot: slot + 1 },
        { key: keyOf(slot + 1), runAt: new Date((slot + 1) * GC_INTERVAL_MS) },
      );
    },
  });
  return { collect };
}

/** Queues the collection of the current hour, at a worker's start; it then keeps itself going. */
export async function scheduleBlobCollection(
  deps: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'queue' | 'config'>,
): Promise<void> {
  const slot = Math.floor(deps.clock.now().getTime() / GC_INTERVAL_MS);
  await deps.queue.enqueue(blobJobs(deps).collect, { slot }, { key: keyOf(slot), runAt: deps.clock.now() });
}
