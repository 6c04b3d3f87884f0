import { describe, expect, it } from 'vitest';
import { cropFrame, isNoticeableCut } from './crop-frame';

describe('what stamping to a format cuts from a photo', () => {
  it('cuts about 7 % on each side of a 1200×767 photo stamped as 4/3 (the Golf of issue 34)', () => {
    const frame = cropFrame({ width: 1200, height: 767 }, '4/3');
    expect(frame?.axis).toBe('sides');
    expect(frame!.perSide).toBeCloseTo((1200 - 767 * (4 / 3)) / 2 / 1200, 6);
    expect(Math.round(frame!.perSide * 100)).toBe(7);
    expect(isNoticeableCut(frame)).toBe(true);
  });

  it('cuts the top and bottom of a 4:3 photo stamped as 16/9, and nothing of a photo already in the format', () => {
    const frame = cropFrame({ width: 1600, height: 1200 }, '16/9');
    expect(frame).toEqual({ axis: 'topBottom', perSide: (1200 - 900) / 2 / 1200 });
    expect(cropFrame({ width: 1920, height: 1080 }, '16/9')).toBeNull();
    expect(cropFrame({ width: 4000, height: 3000 }, '4/3')).toBeNull();
  });

  it('does not bother the dealer with a cut under 1 % of a side', () => {
    const frame = cropFrame({ width: 1610, height: 1200 }, '4/3');
    expect(frame?.axis).toBe('sides');
    expect(isNoticeableCut(frame)).toBe(false);
  });
});
