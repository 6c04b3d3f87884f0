import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import { createAuth, type Auth } from './auth';
import { externalIssuers, parseIdentityProviders } from './identity-providers';
import { identityRoutes } from './identity.routes';
import { oidcRoutes } from './oidc/oidc.routes';
import { createProvider } from './oidc/provider';
import { API_AUDIENCE, embeddedIssuer, getSigningKey } from './signing-keys';
import { localIssuer, type TrustedIssuer } from './token-verifier';

/**
 * Builds the token verification every protected route uses (the embedded issuer, plus the external
 * issuers of IDENTITY_PROVIDERS) and a registration of the identity routes: the embedded provider under
 * /oidc, the identity lookup, the current user, options, models and owners.
 */
export async function createIdentity(adapters: Adapters): Promise<{ auth: Auth; issuers: TrustedIssuer[]; register: (app: App) => Promise<void> }> {
  const key = await getSigningKey(adapters.db);
  const providers = parseIdentityProviders(adapters.config.IDENTITY_PROVIDERS);
  const issuers: TrustedIssuer[] = [
    localIssuer(embeddedIssuer(adapters.config.PUBLIC_URL), API_AUDIENCE, key.publicJwk),
    ...externalIssuers(providers),
  ];
  const auth = createAuth(adapters, () => issuers);
  const register = async (app: App) => {
    await oidcRoutes(app, { adapters, provider: await createProvider(adapters) });
    await identityRoutes(app, { adapters, auth, providers });
  };
  return { auth, issuers, register };
}
