import type { ServerModule } from '../module';

/** Stamps: a user's stamps and a stamp's configuration; the settings' stamp designer and its versions. */
export const stampsModule: ServerModule = {
  name: 'stamps',
  routes: async (app, { adapters, auth }) => {
    await (await import('./stamps.routes')).stampRoutes(app, { adapters, auth });
    await (await import('./stamp-designer.routes')).stampDesignerRoutes(app, { adapters, auth });
  },
};
