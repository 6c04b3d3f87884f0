import type { Adapters } from '../../platform/adapters';

// The idempotency keys of the pipeline's jobs: one stamp per run and source image, one verify and one
// publish per run. The failure screen (pipeline-failure.service.ts) finds a run's dead steps by them.
export const stampKey = (runId: string, sourceImageId: string) => `images.stamp:${runId}:${sourceImageId}`;
export const verifyKey = (runId: string) => `images.verify:${runId}`;
export const publishKey = (runId: string) => `images.publish:${runId}`;

/** Queues the stamp job of every item of a run. */
export async function enqueueRun(
  queue: Adapters['queue'],
  runId: string,
  sourceImageIds: string[],
  within?: Adapters['db'],
): Promise<void> {
  await queue.enqueueAll(
    'images.stamp',
    sourceImageIds.map((sourceImageId) => ({ payload: { runId, sourceImageId }, key: stampKey(runId, sourceImageId) })),
    { within },
  );
}

/** Queues the verification of a run whose images are all stamped; the key makes it one job. */
export const enqueueVerify = (queue: Adapters['queue'], runId: string) =>
  queue.enqueue('images.verify', { runId }, { key: verifyKey(runId) });
