import type { ServerModule } from '../module';

/** SCIM 2.0 provisioning (issue 29 point 4): /scim/v2 for identity providers, and the settings' token routes. */
export const scimModule: ServerModule = {
  name: 'scim',
  routes: async (app, { adapters, auth }) => {
    const { db, mail, clock, ids, config } = adapters;
    await (await import('./scim.routes')).scimRoutes(app, { db, mail, clock, ids, config });
    await (await import('./scim-tokens.routes')).scimTokenRoutes(app, { adapters, auth });
  },
};
