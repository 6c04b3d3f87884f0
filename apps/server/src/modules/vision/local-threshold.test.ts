import { describe, expect, it } from 'vitest';
import { DARK, LIGHT, localThreshold } from './local-threshold';

const OPTIONS = { window: 9, minOffset: 6, spreadShare: 0.2 };

/** A width × height image of `background` with rectangles painted on it. */
function image(width: number, height: number, background: number, rects: [number, number, number, number, number][]) {
  const data = new Uint8Array(width * height).fill(background);
  for (const [x0, y0, w, h, v] of rects)
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * width + x] = v;
  return { width, height, data };
}

describe('localThreshold', () => {
  it('marks a stroke darker than its surroundings DARK and one lighter LIGHT, and a flat area neither', () => {
    const img = image(40, 20, 120, [
      [5, 5, 3, 10, 40],
      [25, 5, 3, 10, 220],
    ]);
    const out = localThreshold(img, OPTIONS);
    expect(out[10 * 40 + 6]).toBe(DARK);
    expect(out[10 * 40 + 26]).toBe(LIGHT);
    expect(out[10 * 40 + 16]).toBe(0);
    expect(out[1 * 40 + 1]).toBe(0);
  });

  it('separates the strokes of a dim, low-contrast plate that a fixed offset of 10 grey levels would lose', () => {
    // Characters 8 levels darker than a dark plate: 8 < 10, but well above the window's own spread share.
    const img = image(40, 20, 60, [[10, 4, 2, 12, 52]]);
    const out = localThreshold(img, OPTIONS);
    expect(out[10 * 40 + 10]).toBe(DARK);
  });

  it('leaves sensor noise alone: small differences in a textured area stay unmarked', () => {
    const img = image(30, 30, 0, []);
    // A checkerboard of ±4 around 128: every pixel is 4 levels off its window's mean, under the minimum offset.
    for (let y = 0; y < 30; y++) for (let x = 0; x < 30; x++) img.data[y * 30 + x] = (x + y) % 2 ? 132 : 124;
    expect(localThreshold(img, OPTIONS).every((v) => v === 0)).toBe(true);
  });

  it('asks more of a pixel where its surroundings are busy: the offset follows the window spread', () => {
    // Stripes of 0 and 255 around a pixel 20 levels under the mean: that is not ink there.
    const img = image(21, 21, 0, []);
    for (let y = 0; y < 21; y++) for (let x = 0; x < 21; x++) img.data[y * 21 + x] = x % 2 ? 255 : 0;
    img.data[10 * 21 + 10] = 108;
    expect(localThreshold(img, OPTIONS)[10 * 21 + 10]).toBe(0);
    expect(localThreshold(img, { ...OPTIONS, spreadShare: 0 })[10 * 21 + 10]).toBe(DARK);
  });

  it('judges the four pixels of a 2 × 2 block by the same limits, and an odd last row and column by the block beside them', () => {
    // 41 × 21: the last column and row have no block of their own.
    const img = image(41, 21, 150, [
      [40, 0, 1, 21, 60],
      [0, 20, 41, 1, 60],
    ]);
    const out = localThreshold(img, OPTIONS);
    expect(out[5 * 41 + 40]).toBe(DARK);
    expect(out[20 * 41 + 5]).toBe(DARK);
    expect(out[5 * 41 + 5]).toBe(0);
    // A pixel 7 levels under a flat block of 150 is dark whichever pixel of its block it is.
    for (const [x, y] of [
      [10, 10],
      [11, 10],
      [10, 11],
      [11, 11],
    ] as const) {
      const one = image(41, 21, 150, [[x, y, 1, 1, 143]]);
      expect(localThreshold(one, OPTIONS)[y * 41 + x]).toBe(DARK);
    }
  });
});
