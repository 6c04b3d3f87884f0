import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createTokenCache } from './token-cache';
import type { VerifiedClaims } from './token-verifier';

describe('verified token cache', () => {
  const setup = (exp: number, ttlMs = 30_000) => {
    let now = 1_000_000_000_000;
    let verifications = 0;
    const cached = createTokenCache({ ttlMs, now: () => now });
    // Stands for the signature and claims check: refuses once the token has expired, like jose.
    const verify = async (token: string): Promise<VerifiedClaims> => {
      verifications++;
      if (now >= exp * 1000) throw new AppError('UNAUTHORIZED', 'The access token has expired');
      return { sub: token, exp };
    };
    return { cached, verify, at: (ms: number) => (now = ms), count: () => verifications, start: now };
  };

  it('checks a token once within its reuse time', async () => {
    const s = setup(1_000_000_000 + 600);
    await s.cached('a', s.verify);
    await s.cached('a', s.verify);
    s.at(s.start + 29_000);
    expect((await s.cached('a', s.verify)).sub).toBe('a');
    expect(s.count()).toBe(1);
    await s.cached('b', s.verify);
    expect(s.count()).toBe(2);
  });

  it('checks it again once the reuse time has passed', async () => {
    const s = setup(1_000_000_000 + 600);
    await s.cached('a', s.verify);
    s.at(s.start + 30_000);
    await s.cached('a', s.verify);
    expect(s.count()).toBe(2);
  });

  it('never reuses a check past the token’s expiry, which is then refused', async () => {
    const s = setup(1_000_000_000 + 10);
    await s.cached('a', s.verify);
    s.at(s.start + 10_000);
    await expect(s.cached('a', s.verify)).rejects.toThrow(/expired/);
    expect(s.count()).toBe(2);
  });

  it('keeps no failed check', async () => {
    const s = setup(1_000_000_000 - 1);
    await expect(s.cached('a', s.verify)).rejects.toThrow(/expired/);
    await expect(s.cached('a', s.verify)).rejects.toThrow(/expired/);
    expect(s.count()).toBe(2);
  });

  it('holds at most max tokens, the least recently used going first', async () => {
    let verifications = 0;
    const cached = createTokenCache({ max: 2, now: () => 0 });
    const verify = async (token: string): Promise<VerifiedClaims> => (verifications++, { sub: token, exp: 1e9 });
    for (const t of ['a', 'b', 'a', 'c', 'a', 'b']) await cached(t, verify);
    expect(verifications).toBe(4); // a, b, c, then b again (dropped when c came)
  });
});
