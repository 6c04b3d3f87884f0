import type { ServerModule } from '../module';
import { marketplacesJobs } from './marketplaces.jobs';

/** Marketplace profiles (issue 32 point 3): profiles, readiness, angle corrections and exports per marketplace. */
export const marketplacesModule: ServerModule = {
  name: 'marketplaces',
  jobs: (adapters) => Object.values(marketplacesJobs(adapters)),
  routes: async (app, { adapters, auth }) => {
    await (await import('./marketplaces.routes')).marketplaceRoutes(app, { adapters, auth });
  },
};
