import type { App } from '../app';
import type { Adapters } from '../platform/adapters';
import { FsBlobStore } from '../platform/blobs/fs-blob-store';
import type { JobDefinition } from '../platform/queue/queue';
import { blobRoutes } from './blobs/blobs.routes';
import { healthRoutes } from './health/health.routes';
import { createIdentity } from './identity/identity.module';
import { webConfigRoutes } from './web-config/web-config.routes';

/** Registers every module's routes. Each module adds one line here. */
export async function registerModules(app: App, adapters: Adapters, opts: { workerReady: () => boolean }): Promise<void> {
  const { auth } = await createIdentity(adapters);
  void auth;
  await healthRoutes(app, { workerReady: opts.workerReady });
  await webConfigRoutes(app, { config: adapters.config });
  if (adapters.blobs instanceof FsBlobStore) await blobRoutes(app, { blobs: adapters.blobs });
}

/** Every job the worker runs. Each module with jobs adds its definitions here. */
export function buildJobs(adapters: Adapters): JobDefinition[] {
  void adapters;
  return [];
}
