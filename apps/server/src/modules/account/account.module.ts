import type { ServerModule } from '../module';

/** The signed-in user's own account: profile, language, the identity provider's account page. */
export const accountModule: ServerModule = {
  name: 'account',
  routes: async (app, { adapters, auth }) => {
    const { accountRoutes } = await import('./account.routes');
    await accountRoutes(app, {
      auth,
      account: { db: adapters.db, providers: adapters.config.IDENTITY_PROVIDERS, appLinks: adapters.config.APP_LINKS },
    });
  },
};
