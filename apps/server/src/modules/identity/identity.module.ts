import type { Adapters } from '../../platform/adapters';
import { createAuth, type Auth } from './auth';
import { API_AUDIENCE, embeddedIssuer, getSigningKey } from './signing-keys';
import { localIssuer, type TrustedIssuer } from './token-verifier';

/** Builds the token verification every protected route uses: the embedded issuer, plus configured ones. */
export async function createIdentity(adapters: Adapters): Promise<{ auth: Auth; issuers: TrustedIssuer[] }> {
  const key = await getSigningKey(adapters.db);
  const issuers: TrustedIssuer[] = [localIssuer(embeddedIssuer(adapters.config.PUBLIC_URL), API_AUDIENCE, key.publicJwk)];
  return { auth: createAuth(adapters, () => issuers), issuers };
}
