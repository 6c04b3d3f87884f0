import type { ServerModule } from '../module';
import { imageJobs } from './images.jobs';

/** Uploads, registration of shootings and the stamping pipeline. */
export const imagesModule: ServerModule = {
  name: 'images',
  routes: async (app, { adapters, auth }) => (await import('./images.routes')).imageRoutes(app, { adapters, auth }),
  jobs: (adapters) => Object.values(imageJobs(adapters)),
};
