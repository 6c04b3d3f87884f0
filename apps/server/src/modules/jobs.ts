import type { Adapters } from '../platform/adapters';
import type { JobDefinition } from '../platform/queue/queue';
import { scheduleBlobCollection } from './blobs/blobs.jobs';
import { scheduleUploadSweep } from './media/media.jobs';
import { serverModules } from './server-modules';

/**
 * Every job the worker runs, from every module. Apart from the routes (index.ts), so that a worker
 * process never loads the HTTP side: the modules import their routes only when asked to register them.
 */
export function buildJobs(adapters: Adapters): JobDefinition[] {
  return serverModules.flatMap((module) => module.jobs?.(adapters) ?? []);
}

/** Queues the first run of the recurring jobs, at a worker's start; each then queues its next run. */
export async function scheduleRecurringJobs(adapters: Adapters): Promise<void> {
  await scheduleBlobCollection(adapters);
  await scheduleUploadSweep(adapters);
}
