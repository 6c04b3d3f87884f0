import type { App } from '../../app-types';
import { AppError } from '../../platform/errors';
import type { Metrics } from '../../platform/metrics/metrics';
import { sameSecret } from '../identity/auth';

export function metricsRoutes(app: App, deps: { metrics: Metrics; token: string }): void {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, deps.token))
      throw new AppError('UNAUTHORIZED', 'A valid metrics token is required');
    return reply.type(deps.metrics.contentType).send(await deps.metrics.render());
  });
}
