import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import type { Auth } from '../identity/auth';
import { mediaJobs } from './media.jobs';

/**
 * Admin media (introduction, conclusion, audio), resumable uploads, vehicle videos and their assembly.
 * In the shape of the "one shape" refactor: the routes load the HTTP side (tus) only when called.
 */
export const mediaModule = {
  name: 'media',
  routes: async (app: App, ctx: { adapters: Adapters; auth: Auth }): Promise<void> => {
    const [{ mediaRoutes }, { createResumableStore }] = await Promise.all([import('./media.routes'), import('../../platform/uploads/resumable-store')]);
    const store = await createResumableStore(ctx.adapters.config);
    await mediaRoutes(app, { auth: ctx.auth, services: { ...ctx.adapters, store, jobs: mediaJobs(ctx.adapters) } });
  },
  jobs: (adapters: Adapters) => Object.values(mediaJobs(adapters)),
};
