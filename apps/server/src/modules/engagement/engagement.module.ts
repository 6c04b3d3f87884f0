import type { ServerModule } from '../module';
import { engagementJobs, engagementRetention } from './engagement.jobs';

/**
 * Engagement analytics (issue 31): the player's beacon on personal links (module recipients), alerts to
 * the salesperson while the customer looks, and where dealers read it.
 */
export const engagementModule: ServerModule = {
  name: 'engagement',
  routes: async (app, { adapters, auth }) => {
    const [{ beaconRoutes }, { beaconLimits }, { alertRoutes }, { createAlertBus }, { alertOpened }, reads] =
      await Promise.all([
        import('./beacon.routes'),
        import('./beacon.service'),
        import('./alerts.routes'),
        import('./alert-bus'),
        import('./alerts.service'),
        import('./engagement-reads.routes'),
      ]);
    const bus = await createAlertBus(adapters, (err) => app.log.warn({ err }, 'engagement alert bus'));
    app.addHook('onClose', () => bus.close());
    await beaconRoutes(app, {
      ...adapters,
      ...beaconLimits(adapters),
      // The alert must never fail the visitor's beacon: a failure is logged.
      onOpened: (visit) =>
        alertOpened({ ...adapters, bus }, visit).catch((err: unknown) => app.log.warn({ err }, 'engagement alert')),
    });
    await alertRoutes(app, { adapters, auth, bus });
    await reads.engagementReadRoutes(app, { adapters, auth });
  },
  jobs: (adapters) => Object.values(engagementJobs(adapters)),
  recurring: [engagementRetention],
};
