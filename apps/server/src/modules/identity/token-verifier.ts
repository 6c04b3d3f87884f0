import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../platform/errors';

export interface TrustedIssuer {
  issuer: string;
  audience: string;
  jwks: JWTVerifyGetKey;
  /** For an external issuer: the e-mail domains it may vouch for; its users are matched by e-mail only. */
  domains?: string[];
}

export interface VerifiedClaims extends JWTPayload {
  preferred_username?: string;
  email?: string;
}

export const localIssuer = (issuer: string, audience: string, publicJwk: object): TrustedIssuer => ({
  issuer,
  audience,
  jwks: createLocalJWKSet({ keys: [publicJwk] }),
});

export const remoteIssuer = (issuer: string, audience: string, jwksUri: string): TrustedIssuer => ({
  issuer,
  audience,
  jwks: createRemoteJWKSet(new URL(jwksUri)),
});

/**
 * Verifies a bearer token against the issuer it names, which must be one we trust: signature by that
 * issuer's keys, audience, expiry. Only asymmetric algorithms are accepted, so `alg: none` and HMAC
 * forgeries fail.
 */
export async function verifyBearer(token: string, issuers: TrustedIssuer[]): Promise<VerifiedClaims> {
  let iss: string | undefined;
  try {
    const [, body] = token.split('.');
    iss = (JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as { iss?: string }).iss;
  } catch {
    throw new AppError('UNAUTHORIZED', 'The access token is malformed');
  }
  const trusted = issuers.find((i) => i.issuer === iss);
  if (!trusted) throw new AppError('UNAUTHORIZED', 'The access token comes from an unknown issuer');
  try {
    const { payload } = await jwtVerify(token, trusted.jwks, {
      issuer: trusted.issuer,
      audience: trusted.audience,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      clockTolerance: 5,
    });
    return payload as VerifiedClaims;
  } catch (err) {
    const code = (err as { code?: string }).code;
    const message = code === 'ERR_JWT_EXPIRED' ? 'The access token has expired' : 'The access token is not valid';
    throw new AppError('UNAUTHORIZED', message);
  }
}
