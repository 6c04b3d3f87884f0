import type { ServerModule } from '../module';
import { webhooksJobs, webhooksRetention } from './webhooks.jobs';

/** Standard Webhooks of a dealer group (issue 32 point 2): endpoints in the settings, deliveries by the queue. */
export const webhooksModule: ServerModule = {
  name: 'webhooks',
  routes: async (app, { adapters, auth }) => (await import('./webhooks.routes')).webhookRoutes(app, { adapters, auth }),
  jobs: (adapters) => Object.values(webhooksJobs(adapters)),
  recurring: [webhooksRetention],
};
