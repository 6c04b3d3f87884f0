import type { ServerModule } from '../module';

/**
 * Inspections (damages, tyres, checklist, costs). Every change to inspection data queues the rebuild of
 * the reports already generated for that shooting.
 */
export const inspectionsModule: ServerModule = {
  name: 'inspections',
  routes: async (app, { adapters, auth }) => {
    const [{ inspectionRoutes }, { queueReportRefresh }] = await Promise.all([
      import('./inspections.routes'),
      import('../reports/report-refresh.service'),
    ]);
    await inspectionRoutes(app, {
      ...adapters,
      auth,
      onChange: (shootingId) => queueReportRefresh(adapters, shootingId),
    });
  },
};
