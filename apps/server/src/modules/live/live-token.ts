import { createHmac } from 'node:crypto';
import { sameSecret } from '../identity/auth';

/** Seconds a room token stays valid: long enough to open the socket, short enough not to be worth stealing. */
export const LIVE_TOKEN_TTL_SECONDS = 120;

export interface LiveTokenClaims {
  /** The room's id. */
  room: string;
  identity: string;
  /** The participant id this token joins as: fresh for every token. */
  participant: string;
  /** The room's dealer (a signed-in user of its owner): may show the vehicle's spin. */
  host: boolean;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type TokenCheck = { ok: true; claims: LiveTokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** HMAC-signed room tokens: `payload.signature`, both base64url. Only this deployment's secret verifies them. */
export function createLiveTokens(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(claims: LiveTokenClaims): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    verify(token: string, nowMs: number): TokenCheck {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || !sameSecret(signature, sign(payload))) return { ok: false, reason: 'invalid' };
      let claims: LiveTokenClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LiveTokenClaims;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
      return { ok: true, claims };
    },
  };
}

export type LiveTokens = ReturnType<typeof createLiveTokens>;
