import type { Blob } from './connected-blobs';

const MIN_CHARACTERS = 4;
const MAX_CHARACTERS = 12;

/**
 * Rows of character-like blobs: neighbours of similar height on one line with a gap no wider than a
 * character is tall. A licence plate is such a row; so is much other text, which the scoring sorts out.
 */
export function groupCharacters(blobs: Blob[]): Blob[][] {
  const sorted = [...blobs].sort((a, b) => a.x - b.x);
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    let best = -1;
    let bestGap = Infinity;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      const gap = b.x - (a.x + a.w);
      if (gap > Math.max(a.h, b.h) * 1.3) break;
      if (!sameRow(a, b) || gap < -Math.min(a.w, b.w) * 0.3) continue;
      if (gap < bestGap) {
        bestGap = gap;
        best = j;
      }
    }
    if (best >= 0) parent[find(best)] = find(i);
  }
  const groups = new Map<number, Blob[]>();
  sorted.forEach((b, i) => {
    const root = find(i);
    const list = groups.get(root) ?? [];
    list.push(b);
    groups.set(root, list);
  });
  return [...groups.values()].filter((g) => g.length >= MIN_CHARACTERS && g.length <= MAX_CHARACTERS);
}

function sameRow(a: Blob, b: Blob): boolean {
  const ratio = Math.max(a.h, b.h) / Math.min(a.h, b.h);
  const dy = Math.abs(a.y + a.h / 2 - (b.y + b.h / 2));
  return ratio <= 1.3 && dy <= Math.max(a.h, b.h) * 0.3;
}
