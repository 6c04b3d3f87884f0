import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { playersJobs } from '../players/players.jobs';
import { publishRun, stampRunItem, verifyRun } from './stamping.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'queue' | 'clock' | 'ids'>;

const RunPayload = z.object({ runId: z.string() });
const StampPayload = z.object({ runId: z.string(), sourceImageId: z.string() });

/**
 * The image pipeline after registration, one run per stamping or restamping of a shooting: `images.stamp`
 * once per source image, then `images.verify`, then `images.publish` (stamping.service.ts says what each
 * step does). Every job is keyed by its run and image, and each step checks what is already done, so a
 * retry, a crash or a second run of the same job neither duplicates nor loses an image. When runs overlap
 * (a restamp sent while the first stamping still runs) the newest run wins: older ones skip what it covers.
 */
export function imageJobs(deps: Deps) {
  // The players module's frame job, which a publish queues for the links already shared (its worker
  // registers it; only its definition is used here).
  const playerJobs = playersJobs(deps);
  const publish = defineJob({
    name: 'images.publish',
    schema: RunPayload,
    handler: ({ runId }) => publishRun({ ...deps, playerJobs }, runId),
  });

  const verify = defineJob({
    name: 'images.verify',
    schema: RunPayload,
    handler: async ({ runId }) => {
      if ((await verifyRun(deps, runId)).toPublish)
        await deps.queue.enqueue(publish, { runId }, { key: `images.publish:${runId}` });
    },
  });

  const stamp = defineJob({
    name: 'images.stamp',
    schema: StampPayload,
    handler: async ({ runId, sourceImageId }) => {
      // Whichever job sees the run complete queues the next step; the key makes it one job.
      if ((await stampRunItem(deps, runId, sourceImageId)).runComplete)
        await deps.queue.enqueue(verify, { runId }, { key: `images.verify:${runId}` });
    },
  });

  return { stamp, verify, publish };
}

export type ImageJobs = ReturnType<typeof imageJobs>;

/** Queues the stamp job of every item of a run. */
export async function enqueueRun(
  queue: Adapters['queue'],
  jobs: ImageJobs,
  runId: string,
  sourceImageIds: string[],
  within?: Adapters['db'],
): Promise<void> {
  await queue.enqueueAll(
    jobs.stamp,
    sourceImageIds.map((sourceImageId) => ({
      payload: { runId, sourceImageId },
      key: `images.stamp:${runId}:${sourceImageId}`,
    })),
    { within },
  );
}
