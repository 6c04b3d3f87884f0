import type { ServerModule } from '../module';

/** Usage statistics reported by the portal (a player shared). */
export const statisticsModule: ServerModule = {
  name: 'statistics',
  routes: async (app, { adapters, auth }) => (await import('./statistics.routes')).statisticsRoutes(app, adapters, auth),
};
