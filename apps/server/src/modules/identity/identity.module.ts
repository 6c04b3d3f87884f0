import type { ServerModule } from '../module';

/** The embedded OIDC provider under /oidc, the identity lookup, the current user, options, models and owners. */
export const identityModule: ServerModule = {
  name: 'identity',
  routes: async (app, { adapters, auth }) => {
    const [{ oidcRoutes }, { createProvider }, { identityRoutes }, { parseIdentityProviders }] = await Promise.all([
      import('./oidc/oidc.routes'),
      import('./oidc/provider'),
      import('./identity.routes'),
      import('./identity-providers'),
    ]);
    await oidcRoutes(app, { adapters, provider: await createProvider(adapters) });
    await identityRoutes(app, { adapters, auth, providers: parseIdentityProviders(adapters.config.IDENTITY_PROVIDERS) });
  },
};
