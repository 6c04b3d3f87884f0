import { createHmac } from 'node:crypto';
import { sameSecret } from '../../identity/auth';

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

/**
 * How long after its expiry a room token still lets its holder rejoin as the same participant (through
 * the token call, which checks the code or the session again): longer than any meeting.
 */
export const LIVE_RESUME_WINDOW_SECONDS = 12 * 3600;

export type TokenCheck = { ok: true; claims: LiveTokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** HMAC-signed room tokens: `payload.signature`, both base64url. Only this deployment's secret verifies them. */
export function createLiveTokens(secret: string) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const verify = (token: string, nowMs: number): TokenCheck => {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined || !sameSecret(signature, sign(payload)))
      return { ok: false, reason: 'invalid' };
    let claims: LiveTokenClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LiveTokenClaims;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  };
  return {
    issue(claims: LiveTokenClaims): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    verify,
    /**
     * The participant a previous token of this room and identity joined as, if it is genuine and within
     * the resume window; null otherwise (the caller then joins as a new participant).
     */
    resumable(token: string, room: string, identity: string, nowMs: number): string | null {
      const check = verify(token, nowMs - LIVE_RESUME_WINDOW_SECONDS * 1000);
      if (!check.ok || check.claims.room !== room || check.claims.identity !== identity) return null;
      return typeof check.claims.participant === 'string' ? check.claims.participant : null;
    },
  };
}

export type LiveTokens = ReturnType<typeof createLiveTokens>;
