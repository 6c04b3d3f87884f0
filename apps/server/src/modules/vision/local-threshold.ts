import type { GrayImage } from './gray-image';

/** What a pixel is against its surroundings: 0 neither, DARK (ink on a light plate) or LIGHT (the reverse). */
export const DARK = 1;
export const LIGHT = 2;

export interface ThresholdOptions {
  /** Side of the square window whose mean and spread a pixel is compared with, in pixels (about: see below). */
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
 *
 * The window's statistics are taken per 2 × 2 block of pixels, over the odd number of blocks nearest to
 * `window` pixels (25 px: 13 blocks, 26 px), and shared by the block's four pixels: a quarter of the window
 * sums, and the per-pixel work is one comparison with the block's two limits (decision 0063; per pixel it
 * was half of the detection's time, and the marks differ on ~2 % of the pixels, at the characters' edges).
 */
export function localThreshold(image: GrayImage, options: ThresholdOptions): Uint8Array {
  const { width, height, data } = image;
  const out = new Uint8Array(width * height);
  if (width < 2 || height < 2) return out;
  const bw = width >> 1;
  const bh = height >> 1;
  const w1 = bw + 1;
  // Integral images of the blocks' sums and sums of squares. The squares' integral passes 2^31 on large images:
  // both are kept modulo 2^32 (Int32 arithmetic wraps), which leaves a window's sums exact after the four-corner
  // difference, as they are far under 2^31 (a 25 px window: 13 × 13 blocks of at most 4 × 255²). Half the memory
  // of the Float64 squares they replace, and faster (decision 0068). An odd last
  // row or column belongs to the blocks beside it.
  const sum = new Int32Array(w1 * (bh + 1));
  const squares = new Int32Array(w1 * (bh + 1));
  for (let by = 0; by < bh; by++) {
    const a = 2 * by * width;
    const b = a + width;
    const above = by * w1 + 1;
    const here = above + w1;
    let rowSum = 0;
    let rowSquares = 0;
    for (let bx = 0, i = 0; bx < bw; bx++, i += 2) {
      const p = data[a + i]!;
      const q = data[a + i + 1]!;
      const r = data[b + i]!;
      const s = data[b + i + 1]!;
      rowSum += p + q + r + s;
      rowSquares = (rowSquares + p * p + q * q + r * r + s * s) | 0;
      sum[here + bx] = sum[above + bx]! + rowSum;
      squares[here + bx] = squares[above + bx]! + rowSquares;
    }
  }
  // Each block's limits, as whole grey levels: below `low` is DARK, above `high` LIGHT.
  const radius = Math.max(1, Math.round((options.window / 2 - 1) / 2));
  // The window's sums must stay under 2^31 (above): up to 89 × 89 blocks, a window of ~180 px.
  if (2 * radius + 1 > 89) throw new RangeError(`threshold window of ${options.window} px is over 180 px`);
  const low = new Int16Array(bw * bh);
  const high = new Int16Array(bw * bh);
  const { minOffset, spreadShare } = options;
  for (let by = 0; by < bh; by++) {
    const top = Math.max(0, by - radius) * w1;
    const bottom = Math.min(bh, by + radius + 1) * w1;
    const rows = (bottom - top) / w1;
    const o = by * bw;
    for (let bx = 0; bx < bw; bx++) {
      const x0 = bx < radius ? 0 : bx - radius;
      const x1 = bx + radius + 1 > bw ? bw : bx + radius + 1;
      const n = 4 * rows * (x1 - x0);
      const s = (sum[bottom + x1]! - sum[top + x1]! - sum[bottom + x0]! + sum[top + x0]!) | 0;
      const q = (squares[bottom + x1]! - squares[top + x1]! - squares[bottom + x0]! + squares[top + x0]!) | 0;
      const mean = s / n;
      const variance = q / n - mean * mean;
      const spread = spreadShare * Math.sqrt(variance > 0 ? variance : 0);
      const offset = spread > minOffset ? spread : minOffset;
      // v < mean − offset ⇔ v < ⌈mean − offset⌉ for whole v; v > mean + offset ⇔ v > ⌊mean + offset⌋.
      low[o + bx] = Math.ceil(mean - offset);
      high[o + bx] = Math.floor(mean + offset);
    }
  }
  // The block's four pixels at once; an odd last column or row takes the limits of the block beside it. The
  // class is read off signs, without branches (low < high, so at most one is set): v < low gives the sign bit
  // of v − low (DARK = 1), v > high that of high − v (LIGHT = 2). Photos' pixels do not follow a pattern a
  // branch predictor learns.
  for (let by = 0; by < bh; by++) {
    const last = by === bh - 1 && height % 2 === 1 ? 3 : 2;
    const blocks = by * bw;
    for (let dy = 0; dy < last; dy++) {
      const row = (2 * by + dy) * width;
      for (let bx = 0, i = row; bx < bw; bx++, i += 2) {
        const lo = low[blocks + bx]!;
        const hi = high[blocks + bx]!;
        const a = data[i]!;
        const b = data[i + 1]!;
        out[i] = ((a - lo) >>> 31) | (((hi - a) >>> 31) << 1);
        out[i + 1] = ((b - lo) >>> 31) | (((hi - b) >>> 31) << 1);
      }
      if (width % 2 === 1) {
        const v = data[row + width - 1]!;
        const k = blocks + bw - 1;
        out[row + width - 1] = ((v - low[k]!) >>> 31) | (((high[k]! - v) >>> 31) << 1);
      }
    }
  }
  return out;
}
