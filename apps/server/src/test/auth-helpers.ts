import { importJWK, SignJWT } from 'jose';
import type { Adapters } from '../platform/adapters';
import { API_AUDIENCE } from '../modules/identity/portal-client';
import { embeddedIssuer, getSigningKey } from '../modules/identity/signing-keys';
import { API_KEY_HEADER } from '../modules/identity/auth';
import { DEMO_USERS } from '../seed/demo-accounts';

/**
 * An access token as the embedded provider issues it, for API tests that are not about sign-in itself.
 * The sign-in tests go through the real provider.
 */
export async function accessTokenFor(
  adapters: Adapters,
  userId: string,
  opts: { expiresIn?: string } = {},
): Promise<string> {
  const key = await getSigningKey(adapters.db);
  const user = await adapters.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return new SignJWT({ preferred_username: user.id, email: user.email, scope: 'openid profile email' })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(embeddedIssuer(adapters.config.PUBLIC_URL))
    .setAudience(API_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '10m')
    .sign(await importJWK(key.privateJwk, 'RS256'));
}

/** Headers of the main API for a demo user named by e-mail. */
export async function authHeaders(adapters: Adapters, email: string): Promise<Record<string, string>> {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  return {
    authorization: `Bearer ${await accessTokenFor(adapters, user.id)}`,
    [API_KEY_HEADER]: adapters.config.API_KEY,
  };
}
