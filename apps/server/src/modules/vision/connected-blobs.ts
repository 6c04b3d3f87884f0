/** A connected region of pixels of one class: a possible character. */
export interface Blob {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Its pixels. */
  area: number;
  /** The class its pixels share in the class image (for plates: dark or light characters). */
  kind: number;
}

/**
 * The 8-connected regions of equal non-zero class in a class image (one byte a pixel), with their bounding
 * boxes and areas. Labels runs, not pixels: each row's runs are joined (union-find) to the runs of the row
 * above that touch them, diagonals included, which is a few operations per run instead of per pixel. The runs
 * live in typed arrays grown by doubling (plain arrays of numbers were a fifth of the detection's time).
 * `only`, when given, is the one class looked for (the others count as 0).
 */
export function connectedBlobs(classes: Uint8Array, width: number, height: number, only = 0): Blob[] {
  let capacity = 1024;
  // Runs: start, end (exclusive), row, class, and their union-find parent.
  let starts = new Int32Array(capacity);
  let ends = new Int32Array(capacity);
  let rows = new Int32Array(capacity);
  let kinds = new Uint8Array(capacity);
  let parent = new Int32Array(capacity);
  // Most pixels belong to no region: they are skipped four at a time, a word of four classes with no bit of the
  // class looked for (any class without `only`) at once (decision 0068).
  const words =
    classes.byteOffset % 4 === 0 ? new Uint32Array(classes.buffer, classes.byteOffset, classes.length >> 2) : null;
  const wanted = only ? only * 0x01010101 : 0xffffffff;
  let n = 0;
  let previousFirst = 0;
  let previousEnd = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const rowEnd = row + width;
    const first = n;
    let p = previousFirst;
    let i = row;
    while (i < rowEnd) {
      if (words && (i & 3) === 0 && i + 4 <= rowEnd && (words[i >> 2]! & wanted) === 0) {
        i += 4;
        continue;
      }
      const c = classes[i]!;
      if (c === 0 || (only && c !== only)) {
        i++;
        continue;
      }
      const start = i - row;
      while (i < rowEnd && classes[i] === c) i++;
      const end = i - row;
      if (n === capacity) {
        capacity *= 2;
        starts = grown(starts, capacity);
        ends = grown(ends, capacity);
        rows = grown(rows, capacity);
        kinds = grown(kinds, capacity);
        parent = grown(parent, capacity);
      }
      const run = n++;
      starts[run] = start;
      ends[run] = end;
      rows[run] = y;
      kinds[run] = c;
      parent[run] = run;
      // Runs of the row above that overlap [start - 1, end]: 8-connectivity.
      while (p < previousEnd && ends[p]! < start) p++;
      for (let q = p; q < previousEnd && starts[q]! <= end; q++) {
        if (kinds[q] !== c) continue;
        const a = root(parent, q);
        const b = root(parent, run);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    previousFirst = first;
    previousEnd = n;
  }
  const index = new Int32Array(n).fill(-1);
  const blobs: Blob[] = [];
  for (let r = 0; r < n; r++) {
    const top = root(parent, r);
    let b = index[top]!;
    if (b < 0) {
      b = blobs.length;
      index[top] = b;
      blobs.push({ x: starts[r]!, y: rows[r]!, w: 0, h: 0, area: 0, kind: kinds[r]! });
    }
    const blob = blobs[b]!;
    const right = Math.max(blob.x + blob.w, ends[r]!);
    blob.x = Math.min(blob.x, starts[r]!);
    blob.w = right - blob.x;
    blob.h = Math.max(blob.h, rows[r]! - blob.y + 1);
    blob.area += ends[r]! - starts[r]!;
  }
  return blobs;
}

/** The union-find root of run `i`, halving the path on the way. */
function root(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

function grown<T extends Int32Array | Uint8Array>(a: T, capacity: number): T {
  const b = new (a.constructor as new (n: number) => T)(capacity);
  b.set(a);
  return b;
}
