import sharp from 'sharp';
import type { VehicleBox } from './crop-framing';
import type { VehicleMask } from './segmentation';

const SOLID = 128;
// The vehicle is looked for on a mask this wide at most: a full-size scan would hold the event loop (shared
// with the API) for a noticeable time on an 8 MP picture.
const SCAN_WIDTH = 800;
// Parts of the mask smaller than this share of the largest are not the vehicle: a watermark's letters, a
// passer-by's bag, a reflection in a puddle.
const PART_OF_VEHICLE = 0.15;

// A thin strand of the mask (a garage's cable or roof edge, a lamp post touching the roof) is thinner than
// this share of the scan's width: it is cut from the vehicle before its parts are told apart.
const STRAND = 0.004;

/** The vehicle found in a mask: its box in the mask's pixels, and which of the mask's parts belong to it. */
export interface ScannedVehicle {
  box: VehicleBox;
  /** 255 where the vehicle's parts are (a little wider, so their soft edge is kept), 0 elsewhere. */
  keep: { width: number; height: number; data: Buffer };
  /** 255 in the vehicle's holes (windows the model saw through, enclosed by its parts), `keep`'s size. */
  holes: Buffer;
}

/** The vehicle in a mask, found on a reduced copy; null when the mask holds none. */
export async function scanVehicle(mask: VehicleMask): Promise<ScannedVehicle | null> {
  const scale = Math.min(1, SCAN_WIDTH / mask.width);
  const width = Math.max(1, Math.round(mask.width * scale));
  const height = Math.max(1, Math.round(mask.height * scale));
  const alpha =
    scale === 1
      ? mask.alpha
      : await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
          .resize(width, height, { fit: 'fill' })
          .extractChannel(0)
          .raw()
          .toBuffer();
  const parts = vehicleParts(alpha, width, height);
  if (!parts) return null;
  const fx = mask.width / width;
  const fy = mask.height / height;
  const keep = dilate(parts.keep, width, height, 2);
  return {
    box: {
      left: Math.floor(parts.box.left * fx),
      top: Math.floor(parts.box.top * fy),
      right: Math.min(mask.width - 1, Math.ceil((parts.box.right + 1) * fx) - 1),
      bottom: Math.min(mask.height - 1, Math.ceil((parts.box.bottom + 1) * fy) - 1),
    },
    keep: { width, height, data: keep },
    holes: holesOf(keep, width, height),
  };
}

/**
 * The solid parts of a mask that make the vehicle (the largest and those of comparable size, thin strands cut
 * off), and their box.
 */
export function vehicleParts(alpha: Buffer, width: number, height: number): { box: VehicleBox; keep: Buffer } | null {
  const solid = Buffer.alloc(width * height);
  for (let i = 0; i < solid.length; i++) solid[i] = alpha[i]! >= SOLID ? 255 : 0;
  // Opened (eroded, then grown back within the solid pixels): a strand thinner than twice the radius is gone.
  const radius = Math.max(1, Math.round(width * STRAND));
  const core = erode(solid, width, height, radius);
  const label = new Int32Array(width * height);
  const areas: number[] = [0];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < label.length; start++) {
    if (label[start] !== 0 || core[start] === 0) continue;
    const id = areas.length;
    let area = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const i = stack[--top]!;
      area++;
      const x = i % width;
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of neighbours) {
        if (n < 0 || n >= label.length || label[n] !== 0 || core[n] === 0) continue;
        label[n] = id;
        stack[top++] = n;
      }
    }
    areas.push(area);
  }
  const largest = Math.max(...areas);
  if (largest === 0) return null;
  const kept = areas.map((a) => a >= largest * PART_OF_VEHICLE);
  kept[0] = false;
  const cores = Buffer.alloc(width * height);
  for (let i = 0; i < cores.length; i++) if (kept[label[i]!]) cores[i] = 255;
  const grown = dilate(cores, width, height, radius + 1);
  const keep = Buffer.alloc(width * height);
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (grown[i] === 0 || solid[i] === 0) continue;
      keep[i] = 255;
      if (x < box.left) box.left = x;
      if (x > box.right) box.right = x;
      if (y < box.top) box.top = y;
      box.bottom = y;
    }
  }
  return { box, keep };
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
function erode(map: Buffer, width: number, height: number, radius: number): Buffer {
  const inverse = Buffer.alloc(map.length);
  for (let i = 0; i < map.length; i++) inverse[i] = map[i] === 0 ? 255 : 0;
  const grown = dilate(inverse, width, height, radius);
  // Outside the picture counts as solid: a car the photo cuts off keeps its edge there.
  for (let i = 0; i < map.length; i++) grown[i] = grown[i] === 0 ? 255 : 0;
  return grown;
}

/** The map grown by `radius` pixels (a square neighbourhood), so the kept parts' soft edges stay in. */
function dilate(map: Buffer, width: number, height: number, radius: number): Buffer {
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

// The model's soft edge, enlarged from its 1024² answer, holds a few pixels of the old background: the
// matte is pulled in by a pixel and its ramp steepened, so what was half background becomes clear.
const CLEAR_BELOW = 72;
const SOLID_ABOVE = 216;

/**
 * The vehicle's alpha at the size it is drawn: only its parts (`keep`), its edge pulled in, faint
 * leftovers (a watermark's ghost, a reflection) cleared.
 */
export function refineMatte(alpha: Buffer, keep: Buffer, width: number, height: number): Buffer {
  const kept = Buffer.alloc(alpha.length);
  for (let i = 0; i < alpha.length; i++) kept[i] = (alpha[i]! * keep[i]!) / 255;
  const eroded = minFilter(kept, width, height);
  const span = SOLID_ABOVE - CLEAR_BELOW;
  for (let i = 0; i < eroded.length; i++) {
    const a = eroded[i]!;
    eroded[i] = a <= CLEAR_BELOW ? 0 : a >= SOLID_ABOVE ? 255 : Math.round(((a - CLEAR_BELOW) * 255) / span);
  }
  return eroded;
}

/** Each pixel the least of its 3×3 neighbourhood: a soft matte pulled in by one pixel (libvips' erode is binary). */
function minFilter(a: Buffer, width: number, height: number): Buffer {
  const rows = Buffer.alloc(a.length);
  for (let y = 0; y < height; y++) {
    const r = y * width;
    for (let x = 0; x < width; x++) {
      let m = a[r + x]!;
      if (x > 0 && a[r + x - 1]! < m) m = a[r + x - 1]!;
      if (x < width - 1 && a[r + x + 1]! < m) m = a[r + x + 1]!;
      rows[r + x] = m;
    }
  }
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) {
    let m = rows[i]!;
    if (i >= width && rows[i - width]! < m) m = rows[i - width]!;
    if (i + width < a.length && rows[i + width]! < m) m = rows[i + width]!;
    out[i] = m;
  }
  return out;
}

// How far (in pixels) the vehicle's colours are carried out into its soft edge.
const MAX_EDGE_WIDTH = 24;

/**
 * The colours of the vehicle's edge taken from the vehicle itself: each pixel of the soft edge gets the
 * mean colour of its neighbours already inside the vehicle, ring after ring outwards, so no tint of the
 * old background (a halo) comes with it.
 */
export function decontaminate(rgb: Buffer, alpha: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(rgb);
  const filled = new Uint8Array(alpha.length);
  let edge: number[] = [];
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i] === 255) filled[i] = 1;
    else if (alpha[i] !== 0) edge.push(i);
  }
  for (let ring = 0; ring < MAX_EDGE_WIDTH && edge.length > 0; ring++) {
    const reached: { i: number; r: number; g: number; b: number }[] = [];
    const left: number[] = [];
    for (const i of edge) {
      const x = i % width;
      const y = (i - x) / width;
      let [r, g, b, n] = [0, 0, 0, 0];
      for (let dy = -1; dy <= 1; dy++) {
        if (y + dy < 0 || y + dy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (x + dx < 0 || x + dx >= width) continue;
          const j = i + dy * width + dx;
          if (!filled[j]) continue;
          r += out[j * 3]!;
          g += out[j * 3 + 1]!;
          b += out[j * 3 + 2]!;
          n++;
        }
      }
      if (n === 0) left.push(i);
      else reached.push({ i, r: r / n, g: g / n, b: b / n });
    }
    if (reached.length === 0) break;
    for (const p of reached) {
      out[p.i * 3] = Math.round(p.r);
      out[p.i * 3 + 1] = Math.round(p.g);
      out[p.i * 3 + 2] = Math.round(p.b);
      filled[p.i] = 1;
    }
    edge = left;
  }
  return out;
}
