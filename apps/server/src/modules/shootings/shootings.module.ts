import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import { createDms } from '../../platform/dms/create-dms';
import type { JobDefinition } from '../../platform/queue/queue';
import type { Auth } from '../identity/auth';
import { pushToDmsJob } from './shootings-dms.service';
import { purgeShootingBlobsJob } from './shootings.jobs';
import { shootingsRoutes } from './shootings.routes';

export async function shootingsModule(app: App, adapters: Adapters, auth: Auth): Promise<void> {
  await shootingsRoutes(app, { adapters, auth, dms: createDms(adapters.config, () => adapters.clock.now()) });
}

export const shootingsJobs = (adapters: Adapters): JobDefinition[] => [
  purgeShootingBlobsJob(adapters.blobs),
  pushToDmsJob(adapters, createDms(adapters.config, () => adapters.clock.now())),
];
