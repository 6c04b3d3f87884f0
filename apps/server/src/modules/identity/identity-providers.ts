import type { IdentityProviderResponse } from '@forecourt/contracts';
import { z } from 'zod';
import type { ExternalProvider } from '../../config';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../platform/errors';
import { API_AUDIENCE, PORTAL_CLIENT_ID, PORTAL_SCOPE } from './portal-client';
import { embeddedIssuer } from './signing-keys';
import type { TrustedIssuer } from './token-verifier';

/** Keys of an external issuer: its jwksUri, or the jwks_uri its discovery document names (fetched once). */
function discoveredJwks(p: ExternalProvider): JWTVerifyGetKey {
  if (p.jwksUri) return createRemoteJWKSet(new URL(p.jwksUri));
  let keys: Promise<JWTVerifyGetKey> | null = null;
  return async (header, token) => {
    keys ??= fetch(`${p.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then((r) => r.json() as Promise<{ jwks_uri: string }>)
      .then((d) => createRemoteJWKSet(new URL(d.jwks_uri)))
      .catch((err: unknown) => {
        keys = null;
        throw err;
      });
    return (await keys)(header, token);
  };
}

/** One trusted issuer per external provider, vouching only for the domains mapped to it. */
export function externalIssuers(providers: Map<string, ExternalProvider>): TrustedIssuer[] {
  const byIssuer = new Map<string, TrustedIssuer & { domains: string[] }>();
  for (const [domain, p] of providers) {
    const known = byIssuer.get(p.issuer);
    if (known) known.domains.push(domain);
    else byIssuer.set(p.issuer, { issuer: p.issuer, audience: p.audience, jwks: discoveredJwks(p), domains: [domain] });
  }
  return [...byIssuer.values()];
}

const Email = z.email();

/**
 * The provider a user of this e-mail signs in with: the domain's external issuer, else the embedded one
 * when some account of that domain is on it. The answer depends on the domain only, the same for every
 * address of it, so the lookup cannot tell which addresses have an account.
 */
export async function lookupIdentityProvider(
  email: string,
  deps: {
    publicUrl: string;
    providers: Map<string, ExternalProvider>;
    embeddedDomainExists: (domain: string) => Promise<boolean>;
  },
): Promise<IdentityProviderResponse> {
  const normalized = email.trim().toLowerCase();
  if (!Email.safeParse(normalized).success) {
    throw new AppError('VALIDATION_ERROR', 'The e-mail address is not valid', { reason: 'EMAIL_FORMAT' });
  }
  const domain = normalized.slice(normalized.lastIndexOf('@') + 1);
  const external = deps.providers.get(domain);
  if (external) {
    return {
      providerType: 'OIDC',
      issuer: external.issuer,
      clientId: external.clientId,
      audience: external.audience,
      scope: external.scope,
      domain,
    };
  }
  if (!(await deps.embeddedDomainExists(domain))) {
    throw new AppError('VALIDATION_ERROR', 'No Forecourt account uses this e-mail domain', { reason: 'UNKNOWN_EMAIL' });
  }
  return {
    providerType: 'EMBEDDED',
    issuer: embeddedIssuer(deps.publicUrl),
    clientId: PORTAL_CLIENT_ID,
    audience: API_AUDIENCE,
    scope: PORTAL_SCOPE,
    domain,
  };
}
