import { describe, expect, it } from 'vitest';
import { readDay, regionName } from './region-name';

describe('source notes', () => {
  it('names a country in the reader’s language and keeps an unknown code', () => {
    expect(regionName('CH', 'en')).toBe('Switzerland');
    expect(regionName('CH', 'fr')).toBe('Suisse');
    expect(regionName('CH', 'de')).toBe('Schweiz');
    expect(regionName('C', 'en')).toBe('C');
  });

  it('writes the reading day as the reader writes dates, and keeps a day it cannot read', () => {
    expect(readDay('2026-11-29', 'en')).toBe('Nov 29, 2026');
    expect(readDay('2026-11-29', 'de')).toBe('29.11.2026');
    expect(readDay('someday', 'en')).toBe('someday');
  });
});
