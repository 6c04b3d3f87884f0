import type { ServerModule } from '../module';

/** The portal's public run-time settings. */
export const webConfigModule: ServerModule = {
  name: 'web-config',
  routes: async (app, { adapters, auth }) =>
    (await import('./web-config.routes')).webConfigRoutes(app, { config: adapters.config, auth }),
};
