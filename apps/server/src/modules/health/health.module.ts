import type { ServerModule } from '../module';

/** /healthz for load balancers and orchestrators: ready once the worker polls. */
export const healthModule: ServerModule = {
  name: 'health',
  routes: async (app, { workerReady, dependencies }) =>
    (await import('./health.routes')).healthRoutes(app, { workerReady, dependencies }),
};
