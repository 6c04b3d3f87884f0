import type { ServerModule } from '../module';

/** The first run (`/setup` and its one-time code) and the accounts the admin command creates. */
export const setupModule: ServerModule = {
  name: 'setup',
  routes: async (app, { adapters, webDist }) =>
    (await import('./setup.routes')).setupRoutes(app, { adapters, webDist }),
};
