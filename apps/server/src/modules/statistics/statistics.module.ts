import type { ServerModule } from '../module';

/** Shares recorded by the portal and the figures of the statistics screen. */
export const statisticsModule: ServerModule = {
  name: 'statistics',
  routes: async (app, { adapters, auth }) =>
    (await import('./statistics.routes')).statisticsRoutes(app, adapters, auth),
};
