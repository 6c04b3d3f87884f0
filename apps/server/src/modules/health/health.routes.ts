import { HealthResponse } from '@forecourt/contracts';
import type { App } from '../../app-types';
import { AppError } from '../../platform/errors';

export async function healthRoutes(
  app: App,
  deps: { workerReady: () => boolean; dependencies: Map<string, () => Promise<boolean>> },
): Promise<void> {
  app.get('/healthz', { schema: { response: { 200: HealthResponse }, hide: true }, logLevel: 'warn' }, async () => {
    if (!deps.workerReady()) throw new AppError('INTERNAL_ERROR', 'The worker is not polling yet', undefined, 503);
    if (deps.dependencies.size === 0) return { status: 'ok' as const };
    const checks = await Promise.all(
      [...deps.dependencies].map(
        async ([name, probe]) => [name, (await probe().catch(() => false)) ? 'up' : 'down'] as const,
      ),
    );
    return {
      status: checks.some(([, state]) => state === 'down') ? ('degraded' as const) : ('ok' as const),
      dependencies: Object.fromEntries(checks),
    };
  });
}
