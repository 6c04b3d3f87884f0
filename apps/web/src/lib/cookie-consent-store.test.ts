import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY, storedConsent } from './cookie-consent-store';

describe('cookie consent', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      },
    });
  });
  afterEach(() => store.clear());

  it('is asked when nothing is stored', () => {
    expect(storedConsent()).toBeNull();
  });

  it('keeps a choice for 13 months, then asks again', () => {
    store.set(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify({ choice: 'refused', at: '2025-01-15T10:00:00.000Z' }));
    expect(storedConsent(new Date('2026-02-14T10:00:00.000Z'))?.choice).toBe('refused');
    expect(storedConsent(new Date('2026-02-15T10:00:01.000Z'))).toBeNull();
  });
});
