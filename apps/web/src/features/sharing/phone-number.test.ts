import { describe, expect, it } from 'vitest';
import { toInternational } from './phone-number';

describe('toInternational', () => {
  it('reads a national number in the chosen country and strips spaces', () => {
    expect(toInternational('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(toInternational('07911 123456', 'GB')).toBe('+447911123456');
  });
  it('reads a + number as international whatever the country', () => {
    expect(toInternational('+49 1512 3456789', 'FR')).toBe('+4915123456789');
  });
  it('refuses what is not a valid number', () => {
    expect(toInternational('', 'FR')).toBeNull();
    expect(toInternational('06 12', 'FR')).toBeNull();
    expect(toInternational('abc', 'FR')).toBeNull();
    expect(toInternational('+999 12345678', 'FR')).toBeNull();
  });
});
