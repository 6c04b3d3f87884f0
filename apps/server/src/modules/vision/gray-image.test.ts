import { describe, expect, it } from 'vitest';
import { enlarge, halve, noiseLevel } from './gray-image';

describe('halve', () => {
  it('averages each 2 × 2 block and drops an odd last row and column', () => {
    const data = new Uint8Array([10, 20, 100, 0, 9, 30, 40, 100, 200, 7, 9, 9, 9, 9, 9]);
    const half = halve({ width: 5, height: 3, data });
    expect(half.width).toBe(2);
    expect(half.height).toBe(1);
    // (10 + 20 + 30 + 40) / 4 = 25; (100 + 0 + 100 + 200) / 4 = 100.
    expect([...half.data]).toEqual([25, 100]);
  });
});

describe('noiseLevel', () => {
  const sized = (fill: (x: number, y: number) => number) => {
    const data = new Uint8Array(64 * 64);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) data[y * 64 + x] = fill(x, y);
    return { width: 64, height: 64, data };
  };

  it('sees no noise in smooth shading nor along a clean edge', () => {
    expect(noiseLevel(sized((x, y) => 40 + x + y))).toBeLessThan(0.5);
    expect(noiseLevel(sized((x) => (x < 32 ? 30 : 220)))).toBeLessThan(2);
  });

  it('measures the grain of a noisy picture near its standard deviation', () => {
    // A reproducible uniform noise of ±17.3 grey levels around 128: standard deviation 17.3 / √3 = 10.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const level = noiseLevel(sized(() => Math.round(128 + 17.3 * random())));
    expect(level).toBeGreaterThan(7);
    expect(level).toBeLessThan(13);
  });
});

describe('enlarge', () => {
  it('keeps a flat image flat and interpolates an edge between its two levels, in order', () => {
    const data = new Uint8Array(8 * 4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 8; x++) data[y * 8 + x] = x < 4 ? 40 : 200;
    const big = enlarge({ width: 8, height: 4, data }, 24, 12);
    expect([big.width, big.height, big.data.length]).toEqual([24, 12, 288]);
    const row = [...big.data.slice(5 * 24, 6 * 24)];
    expect(row[0]).toBe(40);
    expect(row[23]).toBe(200);
    for (let x = 1; x < 24; x++) expect(row[x]!).toBeGreaterThanOrEqual(row[x - 1]!);
    // Every row alike: the edge is vertical.
    for (let y = 0; y < 12; y++) expect([...big.data.slice(y * 24, y * 24 + 24)]).toEqual(row);
  });

  it('enlarges a picture one pixel wide or tall', () => {
    const big = enlarge({ width: 1, height: 2, data: new Uint8Array([10, 250]) }, 3, 6);
    expect(big.data.every((v) => v >= 10 && v <= 250)).toBe(true);
    expect(big.data[0]).toBe(10);
    expect(big.data[17]).toBe(250);
  });
});
