import type { ServerModule } from '../module';
import { editingJobs } from './editing.jobs';

/** Edited images: licence plate covers, crops, added images and their verifications. */
export const editingModule: ServerModule = {
  name: 'editing',
  routes: async (app, { adapters, auth }) => (await import('./editing.routes')).editingRoutes(app, { adapters, auth }),
  jobs: (adapters) => Object.values(editingJobs(adapters)),
};
