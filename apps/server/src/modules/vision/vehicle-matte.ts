import sharp from 'sharp';
import type { Size, VehicleBox } from './crop-framing';
import { boxOf, dilate, eachPart, erode, holesOf, within } from './binary-masks';
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

// The model is sure of the vehicle's body (values near 255) and less sure of what stands against it: a caravan
// or a van parked behind the car, a wall touching its roof (eu3: 130-230). The vehicle's parts are told apart on
// the pixels it is sure of. The solid pixels it is less sure of are kept within REACH (a share of the scan's
// width) of them, through solid pixels (the soft edge), and beyond it in pieces that stay within BEYOND_BODY of
// the sure body's box (a mirror, a dark bumper, a roof's edge in the light): nothing of a car reaches far above
// its roof or beside its body; a caravan behind it, a cable onto it, a streak of light on the floor do.
const CONFIDENT = 240;
const REACH = 0.012;
const BEYOND_BODY = 0.03;
// A mirror seen from the front or the rear sticks out beside the body: a piece this small (a share of the sure
// area) below the roof and away from the picture's border is kept.
const SMALL_PIECE = 0.02;
// A vehicle takes a real share of a photo of it (18 % of the picture at least on 53 of the crop benchmark's 54
// real photos). Less is a speck the model half-believes in where it is sure of no vehicle (the 54th, test_060:
// two cars filling the frame, and 0.03 % of leaves at its top): framed as a vehicle, it was blown up into a grey
// blur on every stamp's set.
const LEAST_VEHICLE = 0.01;

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
 * off), and their box; null when they are too small a share of the picture to be a vehicle.
 */
export function vehicleParts(alpha: Buffer, width: number, height: number): { box: VehicleBox; keep: Buffer } | null {
  const solid = Buffer.alloc(width * height);
  const confident = Buffer.alloc(width * height);
  for (let i = 0; i < solid.length; i++) {
    solid[i] = alpha[i]! >= SOLID ? 255 : 0;
    confident[i] = alpha[i]! >= CONFIDENT ? 255 : 0;
  }
  // Opened (eroded, then grown back within the solid pixels): a strand thinner than twice the radius is gone.
  const radius = Math.max(1, Math.round(width * STRAND));
  // A mask the model is nowhere sure of (a bus's flat rear) is told apart on its solid pixels.
  const cores =
    largeParts(erode(confident, width, height, radius), { width, height }) ??
    largeParts(erode(solid, width, height, radius), { width, height });
  if (!cores) return null;
  // Grown back by the opening's radius, then by REACH within the solid pixels, then the small pieces beyond.
  const near = within(solid, dilate(cores, width, height, radius + 1), width, height, Math.round(width * REACH));
  const margin = Math.round(width * BEYOND_BODY);
  const sure = boxOf(cores, width, height);
  const around = { left: sure.left - margin, top: sure.top - margin, right: sure.right + margin, bottom: height };
  let sureArea = 0;
  for (let i = 0; i < cores.length; i++) if (cores[i] !== 0) sureArea++;
  const below = carPieces(solid, near, { width, height }, around, sureArea * SMALL_PIECE);
  // Of those pieces, only their opened pixels: a strand hanging from them stays cut off.
  const opened = dilate(erode(solid, width, height, radius), width, height, radius + 1);
  const keep = Buffer.from(near);
  let area = 0;
  for (let i = 0; i < keep.length; i++) {
    if (below[i] !== 0 && opened[i] !== 0) keep[i] = 255;
    if (keep[i] !== 0) area++;
  }
  if (area < keep.length * LEAST_VEHICLE) return null;
  return { box: boxOf(keep, width, height), keep };
}

/** The 4-connected parts of a map that are the largest or of comparable size; null when it holds none. */
function largeParts(map: Buffer, size: Size): Buffer | null {
  const parts: number[][] = [];
  eachPart(map, size, false, (part) => parts.push(part));
  const largest = parts.reduce((most, p) => Math.max(most, p.length), 0);
  if (largest === 0) return null;
  const out = Buffer.alloc(map.length);
  for (const part of parts) if (part.length >= largest * PART_OF_VEHICLE) for (const i of part) out[i] = 255;
  return out;
}

/**
 * The pieces of `map` outside `kept` (8-connected) that touch it and stay within `box`, or (a mirror) are small
 * (`small` pixels at most), below the box's top and away from the picture's border.
 */
function carPieces(map: Buffer, kept: Buffer, size: Size, box: VehicleBox, small: number): Buffer {
  const { width, height } = size;
  const free = Buffer.alloc(map.length);
  for (let i = 0; i < map.length; i++) if (map[i] !== 0 && kept[i] === 0) free[i] = 255;
  const grown = dilate(kept, width, height, 1);
  const out = Buffer.alloc(map.length);
  eachPart(free, size, true, (piece) => {
    let touches = false;
    let inside = true;
    let mirror = true;
    for (const i of piece) {
      const x = i % width;
      const y = (i - x) / width;
      if (grown[i] !== 0) touches = true;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) inside = false;
      if (y < box.top || x === 0 || y === 0 || x === width - 1 || y === height - 1) mirror = false;
    }
    if (touches && (inside || (mirror && piece.length <= small))) for (const i of piece) out[i] = 255;
  });
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
