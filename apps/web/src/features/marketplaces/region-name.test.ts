import { describe, expect, it } from 'vitest';
import { readDay, regionName } from './region-name';

describe('source notes', () => {
  it('names a country in the reader’s language and keeps an unknown code', () => {
    expect(regionName('CH', 'en')).toBe('Switzerland');
    expect(regionName('CH', 'fr')).toBe('Suisse');
    expect(regionName('CH', 'de')).toBe('Schweiz');
    expect(regionName('C', 'en')).toBe('C');
  });

  it('writes the reading day as the rest of the portal (DD/MM/YYYY), and keeps a day it cannot read', () => {
    expect(readDay('2026-11-29')).toBe('29/11/2026');
    expect(readDay('2026-01-05')).toBe('05/01/2026');
    expect(readDay('someday')).toBe('someday');
  });
});
