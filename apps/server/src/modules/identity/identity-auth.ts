import type { Adapters } from '../../platform/adapters';
import { createAuth, type Auth, type AuthHooks } from './auth';
import { externalIssuers } from './identity-providers';
import { API_AUDIENCE } from './portal-client';
import { embeddedIssuer, getSigningKey } from './signing-keys';
import { localIssuer, type TrustedIssuer } from './token-verifier';

/**
 * The token checks every protected route uses: tokens of the embedded issuer, plus those of the
 * external issuers of IDENTITY_PROVIDERS, whose fresh tokens go through `hooks.externalSignIn` first, and the dealer
 * groups' API keys when `hooks.keys` checks them. Built before any module's routes, which all receive it.
 */
export async function createIdentityAuth(adapters: Adapters, hooks: AuthHooks = {}): Promise<Auth> {
  const key = await getSigningKey(adapters.db);
  const issuers: TrustedIssuer[] = [
    localIssuer(embeddedIssuer(adapters.config.PUBLIC_URL), API_AUDIENCE, key.publicJwk),
    ...externalIssuers(adapters.config.IDENTITY_PROVIDERS),
  ];
  return createAuth(adapters, () => issuers, hooks);
}
