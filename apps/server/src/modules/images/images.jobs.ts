import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { enqueueVerify, publishKey } from './pipeline-queue';
import { publishRun, stampRunItem, verifyRun } from './stamping.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'queue' | 'clock' | 'ids'>;

/**
 * The image pipeline after registration, one run per stamping or restamping of a shooting: `images.stamp`
 * once per source image, then `images.verify`, then `images.publish` (stamping.service.ts says what each
 * step does). Every job is keyed by its run and image (pipeline-queue.ts), and each step checks what is
 * already done, so a retry, a crash or a second run of the same job neither duplicates nor loses an image.
 * When runs overlap (a restamp sent while the first stamping still runs) the newest run wins: older ones
 * skip what it covers.
 */
export function imageJobs(deps: Deps) {
  const publish = defineJob('images.publish', ({ runId }) => publishRun(deps, runId));

  const verify = defineJob('images.verify', async ({ runId }) => {
    if ((await verifyRun(deps, runId)).toPublish)
      await deps.queue.enqueue('images.publish', { runId }, { key: publishKey(runId) });
  });

  const stamp = defineJob('images.stamp', async ({ runId, sourceImageId }) => {
    // Whichever job sees the run complete queues the next step; the key makes it one job.
    if ((await stampRunItem(deps, runId, sourceImageId)).runComplete) await enqueueVerify(deps.queue, runId);
  });

  return { stamp, verify, publish };
}
