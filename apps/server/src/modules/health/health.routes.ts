import { HealthResponse } from '@forecourt/contracts';
import type { App } from '../../app-types';
import { AppError } from '../../platform/errors';

export async function healthRoutes(app: App, deps: { workerReady: () => boolean }): Promise<void> {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthResponse }, hide: true }, logLevel: 'warn' },
    async () => {
      if (!deps.workerReady()) throw new AppError('INTERNAL_ERROR', 'The worker is not polling yet', undefined, 503);
      return { status: 'ok' as const };
    },
  );
}
