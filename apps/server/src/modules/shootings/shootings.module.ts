import type { ServerModule } from '../module';
import { purgeShootingBlobsJob, pushToDmsJob } from './shootings.jobs';

/** Shootings: list, detail, delete, archives and the DMS. Owns the `shootings` table and its scope. */
export const shootingsModule: ServerModule = {
  name: 'shootings',
  routes: async (app, { adapters, auth }) =>
    (await import('./shootings.routes')).shootingsRoutes(app, { adapters, auth, pushToDms: pushToDmsJob(adapters) }),
  jobs: (adapters) => [purgeShootingBlobsJob(adapters.blobs), pushToDmsJob(adapters)],
};
