import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import type { Auth } from '../identity/auth';
import { parseIdentityProviders } from '../identity/identity-providers';
import { parseAppLinks } from '../web-config/web-config.routes';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';

/** The signed-in user's own account: profile, language, the identity provider's account page. */
export const accountModule = {
  name: 'account',
  routes: async (app: App, ctx: { adapters: Adapters; auth: Auth }) => {
    const { config, db } = ctx.adapters;
    const account = createAccountService({
      db,
      providers: parseIdentityProviders(config.IDENTITY_PROVIDERS),
      appLinks: parseAppLinks(config.APP_LINKS),
    });
    await accountRoutes(app, { auth: ctx.auth, account });
  },
};
