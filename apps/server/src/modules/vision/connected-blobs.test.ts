import { describe, expect, it } from 'vitest';
import { connectedBlobs } from './connected-blobs';

/** A class image from rows of characters: '.' is 0, digits are classes. */
function classes(rows: string[]) {
  const width = rows[0]!.length;
  const data = new Uint8Array(width * rows.length);
  rows.forEach((r, y) => [...r].forEach((c, x) => (data[y * width + x] = c === '.' ? 0 : Number(c))));
  return { data, width, height: rows.length };
}

const sortByX = <T extends { x: number }>(list: T[]) => [...list].sort((a, b) => a.x - b.x);

describe('connectedBlobs', () => {
  it('gives each separate region its bounding box and pixel count', () => {
    const c = classes(['11..1', '11..1', '....1']);
    expect(sortByX(connectedBlobs(c.data, c.width, c.height))).toEqual([
      { x: 0, y: 0, w: 2, h: 2, area: 4, kind: 1 },
      { x: 4, y: 0, w: 1, h: 3, area: 3, kind: 1 },
    ]);
  });

  it('joins pixels that touch only at a corner (8-connectivity)', () => {
    const c = classes(['1...', '.1..', '..1.']);
    expect(connectedBlobs(c.data, c.width, c.height)).toEqual([{ x: 0, y: 0, w: 3, h: 3, area: 3, kind: 1 }]);
  });

  it('joins the arms of a U that meet only at its bottom row, seen after both', () => {
    const c = classes(['1...1', '1...1', '11111']);
    expect(connectedBlobs(c.data, c.width, c.height)).toEqual([{ x: 0, y: 0, w: 5, h: 3, area: 9, kind: 1 }]);
  });

  it('keeps touching regions of different classes apart, and labels one class only when asked', () => {
    const c = classes(['1122', '1122']);
    expect(sortByX(connectedBlobs(c.data, c.width, c.height)).map((b) => [b.x, b.w, b.kind])).toEqual([
      [0, 2, 1],
      [2, 2, 2],
    ]);
    expect(connectedBlobs(c.data, c.width, c.height, 2)).toEqual([{ x: 2, y: 0, w: 2, h: 2, area: 4, kind: 2 }]);
  });
});

describe('connectedBlobs on a busy class image', () => {
  it('keeps every region of an image with thousands of runs, each with its own box and area', () => {
    // 60 × 60 separate 1 × 2 dashes on every other row and column: 3,600 regions, 7,200 runs.
    const width = 120;
    const height = 240;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 4)
      for (let x = 0; x < width; x += 2) data[y * width + x] = data[(y + 1) * width + x] = 1;
    const blobs = connectedBlobs(data, width, height);
    expect(blobs).toHaveLength(3600);
    expect(blobs.every((b) => b.w === 1 && b.h === 2 && b.area === 2)).toBe(true);
  });
});

describe('connectedBlobs skipping empty stretches', () => {
  it('finds the same regions whatever the rows’ alignment in memory, single pixels between long empty stretches included', () => {
    // Rows of 13 (not a multiple of 4) and a lone pixel of the class looked for among others of another class.
    const rows = ['.............', '......1......', '2222222222221', '.............', '1...........1'];
    const c = classes(rows);
    const shifted = new Uint8Array(c.data.length + 3);
    shifted.set(c.data, 3);
    const unaligned = shifted.subarray(3);
    for (const only of [0, 1, 2]) {
      const expected = sortByX(connectedBlobs(c.data, c.width, c.height, only));
      expect(sortByX(connectedBlobs(unaligned, c.width, c.height, only))).toEqual(expected);
    }
    expect(sortByX(connectedBlobs(c.data, c.width, c.height, 1))).toEqual([
      { x: 0, y: 4, w: 1, h: 1, area: 1, kind: 1 },
      { x: 6, y: 1, w: 1, h: 1, area: 1, kind: 1 },
      { x: 12, y: 2, w: 1, h: 1, area: 1, kind: 1 },
      { x: 12, y: 4, w: 1, h: 1, area: 1, kind: 1 },
    ]);
  });
});
