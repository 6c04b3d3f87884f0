import type { App } from '../app-types';
import type { Metrics } from '../platform/metrics/metrics';

/** Times every answered request by its route pattern; a URL that matched no route counts as one series. */
export function registerRequestMetrics(app: App, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
