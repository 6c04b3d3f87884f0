import type { ServerModule } from '../module';
import { engagementJobs, engagementRetention } from './engagement.jobs';

/**
 * Engagement analytics (issue 31): personal player links per recipient, the player's beacon, alerts to
 * the salesperson while the customer looks, and where dealers read it.
 */
export const engagementModule: ServerModule = {
  name: 'engagement',
  routes: async (app, { adapters, auth }) => {
    const [{ engagementRoutes }, { beaconRoutes }, { beaconLimits }] = await Promise.all([
      import('./engagement.routes'),
      import('./beacon.routes'),
      import('./beacon.service'),
    ]);
    await engagementRoutes(app, { adapters, auth });
    await beaconRoutes(app, { ...adapters, ...beaconLimits(adapters) });
  },
  jobs: (adapters) => Object.values(engagementJobs(adapters)),
  recurring: [engagementRetention],
};
