import { describe, expect, it } from 'vitest';
import { firstImageFormat } from './restamp-rules';

describe('the stamps a restamp offers', () => {
  it('are those of the format of the first image in order', () => {
    expect(
      firstImageFormat([
        { order: 2, format: '4/3' },
        { order: 0, format: '16/9' },
      ]),
    ).toBe('16/9');
  });

  it('are none for a shooting without images or without a known format', () => {
    expect(firstImageFormat([])).toBeNull();
    expect(firstImageFormat([{ order: 0, format: null }])).toBeNull();
  });
});
