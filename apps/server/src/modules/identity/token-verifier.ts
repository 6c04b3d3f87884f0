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
 * The longest an access token may live, from its `iat` to its `exp`, whoever issued it. Ours live 10
 * minutes and external providers' an hour or so; a token without an end, or with a far one, would stay a
 * key to the account long after a leak, whatever the account's rights become.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 12 * 3600;

/**
 * Verifies a bearer token against the issuer it names, which must be one we trust: signature by that
 * issuer's keys, audience, `exp` and `iat` present, not expired, issued in the past and for at most
 * MAX_TOKEN_LIFETIME_SECONDS. Only asymmetric algorithms are accepted, so `alg: none` and HMAC forgeries
 * fail.
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
  let verified: VerifiedClaims & { exp: number; iat: number };
  try {
    const { payload } = await jwtVerify(token, trusted.jwks, {
      issuer: trusted.issuer,
      audience: trusted.audience,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: MAX_TOKEN_LIFETIME_SECONDS,
      clockTolerance: 5,
    });
    verified = payload as VerifiedClaims & { exp: number; iat: number };
  } catch (err) {
    const code = (err as { code?: string }).code;
    const message = code === 'ERR_JWT_EXPIRED' ? 'The access token has expired' : 'The access token is not valid';
    throw new AppError('UNAUTHORIZED', message);
  }
  if (verified.exp - verified.iat > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new AppError('UNAUTHORIZED', 'The access token lives longer than this service allows');
  }
  return verified;
}
