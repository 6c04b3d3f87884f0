import type { JobDefinition } from '../../platform/queue/queue';
import type { ServerModule } from '../module';
import { refreshReportJob } from './reports.jobs';

/** Inspection reports: generated PDFs, rebuilt when their inspection data changes. */
export const reportsModule: ServerModule = {
  name: 'reports',
  routes: async (app, { adapters, auth }) => (await import('./reports.routes')).reportRoutes(app, { ...adapters, auth }),
  jobs: (adapters) => [refreshReportJob(adapters) as JobDefinition],
};
