import type { ServerModule } from '../module';
import { mediaJobs, uploadSweep } from './media.jobs';

/**
 * Admin media (introduction, conclusion, audio), resumable uploads, vehicle videos and their assembly.
 * The routes, the tus server and the upload store are loaded only by the HTTP side.
 */
export const mediaModule: ServerModule = {
  name: 'media',
  routes: async (app, ctx) => {
    const [{ mediaRoutes }, { createResumableStore }] = await Promise.all([
      import('./media.routes'),
      import('../../platform/uploads/resumable-store'),
    ]);
    const store = await createResumableStore(ctx.adapters.config);
    await mediaRoutes(app, { auth: ctx.auth, services: { ...ctx.adapters, store } });
  },
  jobs: (adapters) => Object.values(mediaJobs(adapters)),
  recurring: [uploadSweep],
};
