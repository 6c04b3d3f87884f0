import type { ServerModule } from '../module';

/** Just-in-time accounts of external identity providers (issue 29 point 4): the settings' domain rules. */
export const federationModule: ServerModule = {
  name: 'federation',
  routes: async (app, { adapters, auth }) => {
    await (await import('./domain-rules.routes')).domainRuleRoutes(app, { adapters, auth });
  },
};
