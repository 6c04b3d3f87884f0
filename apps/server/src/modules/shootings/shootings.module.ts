import type { ServerModule } from '../module';
import { shootingsJobs } from './shootings.jobs';

/** Shootings: list, detail, delete, archives and the DMS. Owns the `shootings` table and its scope. */
export const shootingsModule: ServerModule = {
  name: 'shootings',
  routes: async (app, { adapters, auth }) =>
    (await import('./shootings.routes')).shootingsRoutes(app, { adapters, auth }),
  jobs: (adapters) => Object.values(shootingsJobs(adapters)),
};
