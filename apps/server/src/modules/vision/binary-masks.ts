import type { VehicleBox } from './crop-framing';

// Operations on binary maps (one byte a pixel, 0 clear, anything else set) that the vehicle's matte and its glass
// are found with.

/** The box of a map's set pixels. */
export function boxOf(map: Buffer, width: number, height: number): VehicleBox {
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (map[y * width + x] === 0) continue;
      if (x < box.left) box.left = x;
      if (x > box.right) box.right = x;
      if (y < box.top) box.top = y;
      box.bottom = y;
    }
  }
  return box;
}

/**
 * Calls `visit` with each connected part of a map's set pixels (their indices, the first found first): 4-connected,
 * or 8-connected with `diagonal`.
 */
export function eachPart(
  map: Buffer,
  { width, height }: { width: number; height: number },
  diagonal: boolean,
  visit: (part: number[]) => void,
): void {
  const seen = new Uint8Array(map.length);
  for (let start = 0; start < map.length; start++) {
    if (seen[start] || map[start] === 0) continue;
    const part: number[] = [start];
    seen[start] = 1;
    for (let k = 0; k < part.length; k++) {
      const i = part[k]!;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        if (y + dy < 0 || y + dy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (dx !== 0 && dy !== 0 && !diagonal)) continue;
          if (x + dx < 0 || x + dx >= width) continue;
          const j = i + dy * width + dx;
          if (seen[j] || map[j] === 0) continue;
          seen[j] = 1;
          part.push(j);
        }
      }
    }
    visit(part);
  }
}

/**
 * The pixels of `map` reached from `seeds` (those of them inside `map`) by at most `steps` moves to one of the
 * 8 neighbours, through `map`: 255 there, 0 elsewhere.
 */
export function within(map: Buffer, seeds: Buffer, width: number, height: number, steps: number): Buffer {
  const out = Buffer.alloc(map.length);
  let front: number[] = [];
  for (let i = 0; i < map.length; i++)
    if (seeds[i] !== 0 && map[i] !== 0) {
      out[i] = 255;
      front.push(i);
    }
  for (let step = 0; step < steps && front.length > 0; step++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        if (y + dy < 0 || y + dy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (x + dx < 0 || x + dx >= width) continue;
          const j = i + dy * width + dx;
          if (out[j] !== 0 || map[j] === 0) continue;
          out[j] = 255;
          next.push(j);
        }
      }
    }
    front = next;
  }
  return out;
}

/** The map's holes: the clear areas the picture's border cannot reach through clear pixels. */
export function holesOf(map: Buffer, width: number, height: number): Buffer {
  const outside = new Uint8Array(map.length);
  const stack: number[] = [];
  const push = (i: number) => {
    if (outside[i] || map[i] !== 0) return;
    outside[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i + width < map.length) push(i + width);
  }
  const out = Buffer.alloc(map.length);
  for (let i = 0; i < out.length; i++) out[i] = outside[i] || map[i] !== 0 ? 0 : 255;
  return out;
}

/** The map shrunk by `radius` pixels (a square neighbourhood). */
export function erode(map: Buffer, width: number, height: number, radius: number): Buffer {
  const inverse = Buffer.alloc(map.length);
  for (let i = 0; i < map.length; i++) inverse[i] = map[i] === 0 ? 255 : 0;
  const grown = dilate(inverse, width, height, radius);
  // Outside the picture counts as solid: a car the photo cuts off keeps its edge there.
  for (let i = 0; i < map.length; i++) grown[i] = grown[i] === 0 ? 255 : 0;
  return grown;
}

/** The map grown by `radius` pixels (a square neighbourhood), so the kept parts' soft edges stay in. */
export function dilate(map: Buffer, width: number, height: number, radius: number): Buffer {
  const rows = Buffer.alloc(map.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (map[y * width + x] === 0) continue;
      rows.fill(255, y * width + Math.max(0, x - radius), y * width + Math.min(width, x + radius + 1));
    }
  const out = Buffer.alloc(map.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (rows[y * width + x] === 0) continue;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++) out[dy * width + x] = 255;
    }
  return out;
}
