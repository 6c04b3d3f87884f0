import type { ServerModule } from '../module';

/** Stamps: a user's stamps and a stamp's configuration. */
export const stampsModule: ServerModule = {
  name: 'stamps',
  routes: async (app, { adapters, auth }) => (await import('./stamps.routes')).stampRoutes(app, { adapters, auth }),
};
