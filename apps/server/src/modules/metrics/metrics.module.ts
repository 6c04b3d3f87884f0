import type { ServerModule } from '../module';

/** GET /metrics on the API's port, for a scraper holding METRICS_TOKEN; absent without that token. */
export const metricsModule: ServerModule = {
  name: 'metrics',
  routes: async (app, { adapters, metrics }) => {
    const token = adapters.config.METRICS_TOKEN;
    if (metrics && token) (await import('./metrics.routes')).metricsRoutes(app, { metrics, token });
  },
};
