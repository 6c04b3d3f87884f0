import type { ServerModule } from '../module';

/**
 * Inspections (damages, tyres, checklist, costs). Every change to inspection data queues the rebuild of
 * the reports already generated for that shooting (`reports.refresh-shooting`, run by the reports module).
 */
export const inspectionsModule: ServerModule = {
  name: 'inspections',
  routes: async (app, { adapters, auth }) => {
    const { inspectionRoutes } = await import('./inspections.routes');
    await inspectionRoutes(app, { ...adapters, auth });
  },
};
