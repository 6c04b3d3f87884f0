import { describe, expect, it } from 'vitest';
import { newBearerToken, tokenHash, touchDue } from './bearer-tokens';

describe('bearer tokens', () => {
  it('makes a fresh 256-bit secret after its prefix, and keeps only a hash that names it', () => {
    const a = newBearerToken('fcx_');
    expect(a).toMatch(/^fcx_[A-Za-z0-9_-]{43}$/);
    expect(newBearerToken('fcx_')).not.toBe(a);
    expect(tokenHash(a)).toBe(tokenHash(a));
    expect(tokenHash(a)).not.toContain(a.slice(4));
  });

  it('marks a credential used again only after a minute', () => {
    const now = new Date('2026-01-01T12:01:00.000Z');
    expect(touchDue(null, now)).toBe(true);
    expect(touchDue('2026-01-01T12:00:00.001Z', now)).toBe(false);
    expect(touchDue('2026-01-01T12:00:00.000Z', now)).toBe(true);
  });
});
