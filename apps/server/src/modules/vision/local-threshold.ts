import type { GrayImage } from './gray-image';

/** What a pixel is against its surroundings: 0 neither, DARK (ink on a light plate) or LIGHT (the reverse). */
export const DARK = 1;
export const LIGHT = 2;

export interface ThresholdOptions {
  /** Side of the square window whose mean and spread a pixel is compared with, in pixels (odd). */
  window: number;
  /** A pixel differs from its window's mean by more than this many grey levels... */
  minOffset: number;
  /** ...and by more than this share of the window's standard deviation. */
  spreadShare: number;
}

/**
 * Each pixel marked DARK or LIGHT when it is that much darker or lighter than the mean of the window around
 * it. The offset follows the window's own contrast (a share of its standard deviation, as Niblack and Sauvola
 * binarisation do), so that the characters of a dim, low-contrast plate are separated as well as those of a
 * bright one, where a fixed offset keeps only high-contrast text.
 */
export function localThreshold(image: GrayImage, options: ThresholdOptions): Uint8Array {
  const { width, height, data } = image;
  const w1 = width + 1;
  // Integral images of the values and of their squares (squares in Float64: they pass 2^31 on large images).
  const sum = new Int32Array(w1 * (height + 1));
  const squares = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    let rowSquares = 0;
    const row = y * width;
    const above = y * w1 + 1;
    const here = above + w1;
    for (let x = 0; x < width; x++) {
      const v = data[row + x]!;
      rowSum += v;
      rowSquares += v * v;
      sum[here + x] = sum[above + x]! + rowSum;
      squares[here + x] = squares[above + x]! + rowSquares;
    }
  }
  const half = options.window >> 1;
  const minOffset = options.minOffset;
  const share2 = options.spreadShare * options.spreadShare;
  const out = new Uint8Array(width * height);
  // The window's bounds along x are the same on every row.
  const lefts = new Int32Array(width);
  const rights = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    lefts[x] = Math.max(0, x - half);
    rights[x] = Math.min(width, x + half + 1);
  }
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    const top = y0 * w1;
    const bottom = y1 * w1;
    const rows = y1 - y0;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = lefts[x]!;
      const right = rights[x]!;
      const n = rows * (right - left);
      const s = sum[bottom + right]! - sum[top + right]! - sum[bottom + left]! + sum[top + left]!;
      // Compared as sums over the window (n times the mean), which spares a division and a square root a
      // pixel: |v − mean| > max(minOffset, share × spread).
      const d = data[row + x]! * n - s;
      const a = d < 0 ? -d : d;
      if (a <= minOffset * n) continue;
      const q = squares[bottom + right]! - squares[top + right]! - squares[bottom + left]! + squares[top + left]!;
      // n² × variance = n × q − s².
      if (a * a <= share2 * (n * q - s * s)) continue;
      out[row + x] = d < 0 ? DARK : LIGHT;
    }
  }
  return out;
}
