import type { ServerModule } from '../module';

/** The signed-in user's own account: profile, language, the identity provider's account page. */
export const accountModule: ServerModule = {
  name: 'account',
  routes: async (app, { adapters, auth }) => {
    const [{ accountRoutes }, { createAccountService }, { parseIdentityProviders }, { parseAppLinks }] = await Promise.all([
      import('./account.routes'),
      import('./account.service'),
      import('../identity/identity-providers'),
      import('../web-config/web-config.routes'),
    ]);
    const account = createAccountService({
      db: adapters.db,
      providers: parseIdentityProviders(adapters.config.IDENTITY_PROVIDERS),
      appLinks: parseAppLinks(adapters.config.APP_LINKS),
    });
    await accountRoutes(app, { auth, account });
  },
};
