import { describe, expect, it } from 'vitest';
import { formatAverageRating } from './average-rating';

describe('an average rating', () => {
  it('always has one decimal, in the reader’s number format', () => {
    expect(formatAverageRating(4, 'en')).toBe('4.0');
    expect(formatAverageRating(14 / 3, 'en')).toBe('4.7');
    expect(formatAverageRating(4, 'fr')).toBe('4,0');
    expect(formatAverageRating(14 / 3, 'fr')).toBe('4,7');
    expect(formatAverageRating(4.25, 'de')).toBe('4,3');
  });

  it('writes a dash where nothing was rated', () => {
    expect(formatAverageRating(null, 'en')).toBe('–');
  });
});
