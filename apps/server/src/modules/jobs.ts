import type { Adapters } from '../platform/adapters';
import type { JobDefinition } from '../platform/queue/queue';
import { blobJobs, scheduleBlobCollection } from './blobs/blobs.jobs';
import { editingJobs } from './editing/editing.jobs';
import { imageJobs } from './images/images.jobs';
import { playersJobs } from './players/players.jobs';
import { reportJobs } from './reports/reports.module';
import { shootingsJobs } from './shootings/shootings.module';

/**
 * Every job the worker runs. Each module with jobs adds its definitions here. Apart from the routes
 * (index.ts), so that a worker process never loads the HTTP side: the OIDC provider, the web config.
 */
export function buildJobs(adapters: Adapters): JobDefinition[] {
  return [...shootingsJobs(adapters), ...Object.values(imageJobs(adapters)), ...reportJobs(adapters), ...Object.values(editingJobs(adapters)), ...Object.values(playersJobs(adapters)), ...Object.values(blobJobs(adapters))];
}

/** Queues the first run of the recurring jobs, at a worker's start; each then queues its next run. */
export async function scheduleRecurringJobs(adapters: Adapters): Promise<void> {
  await scheduleBlobCollection(adapters);
}
