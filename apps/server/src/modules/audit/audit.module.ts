import type { ServerModule } from '../module';

/** The audit log: the record of administrative changes, its screen's list and CSV export. */
export const auditModule: ServerModule = {
  name: 'audit',
  routes: async (app, { adapters, auth }) => (await import('./audit.routes')).auditRoutes(app, { adapters, auth }),
};
