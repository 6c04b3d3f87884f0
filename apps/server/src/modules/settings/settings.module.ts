import type { ServerModule } from '../module';

/** Settings (issue 29): dealer groups, their stocks and their DMS, for provider administrators and customer success. */
export const settingsModule: ServerModule = {
  name: 'settings',
  routes: async (app, { adapters, auth }) => {
    await (await import('./groups.routes')).groupRoutes(app, { adapters, auth });
    await (await import('./stocks.routes')).stockRoutes(app, { adapters, auth });
    await (await import('./dms.routes')).dmsRoutes(app, { adapters, auth });
  },
};
