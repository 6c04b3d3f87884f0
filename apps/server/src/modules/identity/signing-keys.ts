import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../platform/db/database';
import { getOrCreateSecret } from '../../platform/secrets';

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** The embedded provider's RS256 key, created once and shared by every process through the database. */
export async function getSigningKey(db: Db): Promise<SigningKey> {
  const stored = await getOrCreateSecret(db, 'oidc-signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({ ...jwk, kid: `fc-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' });
  });
  const privateJwk = JSON.parse(stored) as JWK & { kid: string };
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  return { kid: privateJwk.kid, privateJwk, publicJwk };
}

export const embeddedIssuer = (publicUrl: string): string => `${publicUrl}/oidc`;
