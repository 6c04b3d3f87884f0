import type { ServerModule } from '../module';

/**
 * Engagement analytics (issue 31): personal player links per recipient, the player's beacon, alerts to
 * the salesperson while the customer looks, and where dealers read it.
 */
export const engagementModule: ServerModule = {
  name: 'engagement',
  routes: async (app, { adapters, auth }) => {
    const { engagementRoutes } = await import('./engagement.routes');
    await engagementRoutes(app, { adapters, auth });
  },
};
