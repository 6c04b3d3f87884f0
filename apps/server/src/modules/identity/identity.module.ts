import type { ServerModule } from '../module';

/** The embedded OIDC provider under /oidc, the identity lookup, the current user, options, models and owners. */
export const identityModule: ServerModule = {
  name: 'identity',
  routes: async (app, { adapters, auth }) => {
    const [{ oidcRoutes }, { createProvider }, { identityRoutes }] = await Promise.all([
      import('./oidc/oidc.routes'),
      import('./oidc/provider'),
      import('./identity.routes'),
    ]);
    await oidcRoutes(app, { adapters, provider: await createProvider(adapters) });
    await identityRoutes(app, { adapters, auth, providers: adapters.config.IDENTITY_PROVIDERS });
  },
};
