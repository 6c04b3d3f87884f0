import type { Adapters } from '../platform/adapters';
import type { JobDefinition } from '../platform/queue/queue';
import { scheduleRecurrence } from '../platform/queue/recurring';
import { serverModules } from './server-modules';

/**
 * Every job the worker runs, from every module. Apart from the routes (index.ts), so that a worker
 * process never loads the HTTP side: the modules import their routes only when asked to register them.
 */
export function buildJobs(adapters: Adapters): JobDefinition[] {
  return serverModules.flatMap((module) => module.jobs?.(adapters) ?? []);
}

/** Queues the first run of every module's recurring jobs, at a worker's start; each then queues its next run. */
export async function scheduleRecurringJobs(adapters: Adapters): Promise<void> {
  for (const module of serverModules)
    for (const recurrence of module.recurring ?? []) await scheduleRecurrence(adapters, recurrence);
}
