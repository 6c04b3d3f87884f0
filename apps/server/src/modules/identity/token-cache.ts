import { createHash } from 'node:crypto';
import type { VerifiedClaims } from './token-verifier';

export interface TokenCacheOptions {
  /** How long a verification is reused; well under an access token's life. */
  ttlMs?: number;
  max?: number;
  now?: () => number;
}

/**
 * Verified bearer claims reused for a few seconds, so a client's burst of calls pays the signature
 * check once. Keyed by the token's SHA-256 (no token is kept), never reused past the token's `exp`,
 * bounded (least recently used out). Only the signature check is reused: the caller's account,
 * options and owners are checked against the database on every request (user-context-cache.ts), so a
 * change of rights or a removed account counts at once.
 */
export function createTokenCache(opts: TokenCacheOptions = {}) {
  const ttlMs = opts.ttlMs ?? 30_000;
  const max = opts.max ?? 10_000;
  const now = opts.now ?? (() => Date.now());
  const entries = new Map<string, { claims: VerifiedClaims; until: number }>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  return async (token: string, verify: (token: string) => Promise<VerifiedClaims>): Promise<VerifiedClaims> => {
    const key = keyOf(token);
    const hit = entries.get(key);
    entries.delete(key);
    if (hit && now() < hit.until) {
      entries.set(key, hit);
      return hit.claims;
    }
    const claims = await verify(token);
    const until = Math.min(now() + ttlMs, typeof claims.exp === 'number' ? claims.exp * 1000 : 0);
    if (until > now()) {
      entries.set(key, { claims, until });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    }
    return claims;
  };
}
