import type { ServerModule } from '../module';
import { reportsJobs } from './reports.jobs';

/** Inspection reports: generated PDFs, rebuilt when their inspection data changes; a replaced rendering's file is deleted once its links expire. */
export const reportsModule: ServerModule = {
  name: 'reports',
  routes: async (app, { adapters, auth }) =>
    (await import('./reports.routes')).reportRoutes(app, { ...adapters, auth }),
  jobs: (adapters) => Object.values(reportsJobs(adapters)),
};
