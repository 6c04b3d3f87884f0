import sharp from 'sharp';
import { detectPlates } from '../vision/detect-plates';
import type { Quad } from '../vision/geometry';
import { segmentVehicle, type VehicleMask } from '../vision/segmentation';
import { findCircles, type Circle } from './angle-circles';
import type { AngleFeatures } from './angle-rules';

/**
 * What `angle-rules.ts` reads of a picture, measured with what the pipeline already runs: the plate detector
 * (OpenCV's WebAssembly build) and the crop's IS-Net vehicle mask (the segmenter process, decision 0028).
 */

/** One byte a pixel (mask) or three (colour), row by row. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface PlateBox {
  cx: number;
  cy: number;
  width: number;
  height: number;
}

// The mask and the colours are read at this width: the rules need shapes, not detail.
const MASK_WIDTH = 320;
const COLOUR_WIDTH = 320;

export const plateBox = (corners: Quad): PlateBox => {
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { cx: (left + right) / 2, cy: (top + bottom) / 2, width: right - left, height: bottom - top };
};

/** The box in fractions of the picture (0..1), whatever raster it is read on. */
const fractionOf = (plate: PlateBox, width: number, height: number): PlateBox => ({
  cx: plate.cx / width,
  cy: plate.cy / height,
  width: plate.width / width,
  height: plate.height / height,
});

/**
 * The vehicle's box and where the plate sits across it. A mask pixel is vehicle above 128; rows and columns
 * with fewer than 2 % vehicle pixels are specks, not the box. Across the plate: the run of columns that are
 * mostly vehicle in the band from 3 plate heights above the plate's middle down to it (bumper and boot or
 * bonnet), grown from the plate's column.
 */
export function carFromMask(whole: Raster, plate: PlateBox | null): AngleFeatures['car'] {
  const mask = plateVehicle(whole, plate);
  const { width: w, height: h, data } = mask;
  const cols = new Uint32Array(w);
  const rows = new Uint32Array(h);
  let total = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (data[y * w + x]! > 128) {
        cols[x]!++;
        rows[y]!++;
        total++;
      }
  if (total === 0) return null;
  const first = (counts: Uint32Array, min: number) => counts.findIndex((c) => c >= min);
  const last = (counts: Uint32Array, min: number) => counts.findLastIndex((c) => c >= min);
  const [left, right] = [first(cols, 0.02 * h), last(cols, 0.02 * h)];
  const [top, bottom] = [first(rows, 0.02 * w), last(rows, 0.02 * w)];
  if (left < 0 || top < 0) return null;
  return {
    left: left / w,
    right: (right + 1) / w,
    top: top / h,
    bottom: (bottom + 1) / h,
    area: total / (w * h),
    aspect: (right + 1 - left) / (bottom + 1 - top),
    plateOffset: plate ? plateOffset(mask, plate) : null,
    symmetry: mirrorOverlap(mask, left, right + 1),
    balance: plate ? massBalance(cols, plate.cx * w) : null,
  };
}

/**
 * The mask of the plate's vehicle alone: of the mask's 4-connected regions, the one under the plate's box or,
 * if none is, the nearest to its centre within 2 plate widths; without a plate, the largest. Other cars of a
 * street or a lot would otherwise widen the box and shift the silhouette.
 */
export function plateVehicle(mask: Raster, plate: PlateBox | null): Raster {
  const { width: w, height: h, data } = mask;
  const label = new Int32Array(w * h).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== -1 || data[start]! <= 128) continue;
    const id = sizes.length;
    let [head, tail] = [0, 0];
    queue[tail++] = start;
    label[start] = id;
    while (head < tail) {
      const p = queue[head++]!;
      const [x, y] = [p % w, Math.floor(p / w)];
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1])
        if (q >= 0 && label[q] === -1 && data[q]! > 128) {
          label[q] = id;
          queue[tail++] = q;
        }
    }
    sizes.push(tail);
  }
  if (sizes.length <= 1) return mask;
  let chosen = sizes.indexOf(Math.max(...sizes));
  if (plate) {
    const [cx, cy] = [plate.cx * w, plate.cy * h];
    const reach = Math.max(2, 2 * plate.width * w);
    let best = Infinity;
    for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(h - 1, cy + reach); y++)
      for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(w - 1, cx + reach); x++) {
        const id = label[y * w + x]!;
        const d = Math.hypot(x - cx, y - cy);
        if (id >= 0 && d < best) [best, chosen] = [d, id];
      }
  }
  const only = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) if (label[p] === chosen) only[p] = 255;
  return { width: w, height: h, data: only };
}

/**
 * How much of the vehicle its mirror image covers, mirrored around the middle of its box (intersection over
 * union, 1 for a symmetric silhouette): a straight front or rear is symmetric, a ¾ or side view less so.
 */
function mirrorOverlap(mask: Raster, x0: number, x1: number): number {
  const { width: w, height: h, data } = mask;
  let [both, either] = [0, 0];
  for (let y = 0; y < h; y++)
    for (let x = x0; x < x1; x++) {
      const a = data[y * w + x]! > 128;
      const b = data[y * w + (x0 + x1 - 1 - x)]! > 128;
      if (a && b) both++;
      if (a || b) either++;
    }
  return either ? both / either : 0;
}

/** Which side of the plate the vehicle's pixels are on: −1 all left of it, +1 all right, 0 evenly. */
function massBalance(cols: Uint32Array, plateX: number): number {
  let [left, right] = [0, 0];
  cols.forEach((c, x) => (x < plateX ? (left += c) : (right += c)));
  return left + right ? (right - left) / (left + right) : 0;
}

function plateOffset(mask: Raster, fraction: PlateBox): number | null {
  const { width: w, height: h, data } = mask;
  const cx = Math.round(fraction.cx * w);
  const cy = fraction.cy * h;
  const y0 = Math.max(0, Math.round(cy - 3 * fraction.height * h));
  const y1 = Math.min(h - 1, Math.round(cy));
  if (cx < 0 || cx >= w || y1 < y0) return null;
  const vehicle = (x: number) => {
    let n = 0;
    for (let y = y0; y <= y1; y++) if (data[y * w + x]! > 128) n++;
    return n / (y1 - y0 + 1) > 0.5;
  };
  if (!vehicle(cx)) return null;
  let [left, right] = [cx, cx];
  while (left > 0 && vehicle(left - 1)) left--;
  while (right < w - 1 && vehicle(right + 1)) right++;
  return (cx - (left + right + 1) / 2) / (right + 1 - left);
}

const isRed = (r: number, g: number, b: number) => r > 90 && r > 1.7 * g && r > 1.5 * b;

/**
 * Saturated red (tail lights, reflectors) beside the plate: within 4 plate widths left and right of it, from
 * 2 plate widths above its middle to half a width below; the plate's own columns (±0.6 width) are left out, so
 * that a red car's boot lid above the plate counts less than lights at its sides. Left and right are counted
 * apart: lamps on both sides are a straight rear, on one side mostly a ¾ one. Shares of the whole band.
 */
export function redSides(rgb: Raster, fraction: PlateBox): { left: number; right: number } {
  const { width: w, height: h, data } = rgb;
  const cx = fraction.cx * w;
  const cy = fraction.cy * h;
  const pw = fraction.width * w;
  const x0 = Math.max(0, Math.round(cx - 4 * pw));
  const x1 = Math.min(w - 1, Math.round(cx + 4 * pw));
  const y0 = Math.max(0, Math.round(cy - 2 * pw));
  const y1 = Math.min(h - 1, Math.round(cy + 0.5 * pw));
  let [left, right, n] = [0, 0, 0];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      n++;
      if (Math.abs(x - cx) < 0.6 * pw) continue;
      const o = (y * w + x) * 3;
      if (!isRed(data[o]!, data[o + 1]!, data[o + 2]!)) continue;
      if (x < cx) left++;
      else right++;
    }
  return n ? { left: left / n, right: right / n } : { left: 0, right: 0 };
}

export function redBeside(rgb: Raster, fraction: PlateBox): number {
  const { left, right } = redSides(rgb, fraction);
  return left + right;
}

/**
 * Share of red pixels on the vehicle's body, away from the lamps: over the mask's pixels (the plate's
 * vehicle) in the upper half of its box. A red car is red there too; tail lights alone are not.
 */
export function redBody(rgb: Raster, mask: Raster, car: { top: number; bottom: number }): number {
  const { width: w, height: h, data } = rgb;
  const yEnd = Math.round(((car.top + car.bottom) / 2) * h);
  let [red, n] = [0, 0];
  for (let y = Math.round(car.top * h); y < Math.min(h, yEnd); y++)
    for (let x = 0; x < w; x++) {
      const my = Math.min(mask.height - 1, Math.floor((y * mask.height) / h));
      const mx = Math.min(mask.width - 1, Math.floor((x * mask.width) / w));
      if (mask.data[my * mask.width + mx]! <= 128) continue;
      n++;
      const o = (y * w + x) * 3;
      if (isRed(data[o]!, data[o + 1]!, data[o + 2]!)) red++;
    }
  return n ? red / n : 0;
}

/** Share of red pixels in a box of the picture (fractions), e.g. the vehicle's lower two thirds. */
export function redIn(rgb: Raster, box: { left: number; right: number; top: number; bottom: number }): number {
  const { width: w, height: h, data } = rgb;
  const [x0, x1] = [Math.round(box.left * w), Math.min(w, Math.round(box.right * w))];
  const [y0, y1] = [Math.round(box.top * h), Math.min(h, Math.round(box.bottom * h))];
  let [red, n] = [0, 0];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const o = (y * w + x) * 3;
      n++;
      if (isRed(data[o]!, data[o + 1]!, data[o + 2]!)) red++;
    }
  return n ? red / n : 0;
}

/**
 * How unlike its mirror image the picture is around the plate's column: the mean difference of brightness
 * (0..1) between pixels at the same distance left and right of the plate, from 0.6 to 4 plate widths out and
 * from 3 plate widths above its middle to one below. A straight front or rear is nearly symmetric around
 * its plate; a ¾ view shows a side on one hand only. Null when the band leaves the picture on either hand.
 */
export function mirrorDifference(rgb: Raster, fraction: PlateBox): number | null {
  const { width: w, height: h, data } = rgb;
  const cx = fraction.cx * w;
  const pw = Math.max(1, fraction.width * w);
  const reach = Math.min(4 * pw, cx - 1, w - 2 - cx);
  if (reach < 1.5 * pw) return null;
  const y0 = Math.max(0, Math.round(fraction.cy * h - 3 * pw));
  const y1 = Math.min(h - 1, Math.round(fraction.cy * h + pw));
  const lum = (x: number, y: number) => {
    const o = (y * w + Math.round(x)) * 3;
    return 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
  };
  let [sum, n] = [0, 0];
  for (let y = y0; y <= y1; y++)
    for (let d = 0.6 * pw; d <= reach; d += 1) {
      sum += Math.abs(lum(cx - d, y) - lum(cx + d, y));
      n++;
    }
  return n ? sum / n / 255 : null;
}

/**
 * Around the plate, what a grille and head lamps look like: `texture` is the mean brightness step between
 * neighbouring pixels (0..1) just above the plate (±1.5 plate widths across, 0.6 to 2.5 widths above its
 * middle), where a front has its grille and a rear mostly a smooth bumper or boot lid; `bright` is the share of
 * near-white pixels in the band beside it (head lamps lit, chrome).
 */
export function aroundPlate(rgb: Raster, fraction: PlateBox): { texture: number; bright: number } {
  const { width: w, height: h, data } = rgb;
  const cx = fraction.cx * w;
  const cy = fraction.cy * h;
  const pw = Math.max(1, fraction.width * w);
  const lum = (x: number, y: number) => {
    const o = (y * w + x) * 3;
    return 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
  };
  let [steps, n] = [0, 0];
  const [x0, x1] = [Math.max(0, Math.round(cx - 1.5 * pw)), Math.min(w - 2, Math.round(cx + 1.5 * pw))];
  const [y0, y1] = [Math.max(0, Math.round(cy - 2.5 * pw)), Math.min(h - 2, Math.round(cy - 0.6 * pw))];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const l = lum(x, y);
      steps += Math.abs(l - lum(x + 1, y)) + Math.abs(l - lum(x, y + 1));
      n += 2;
    }
  let [bright, m] = [0, 0];
  const [bx0, bx1] = [Math.max(0, Math.round(cx - 4 * pw)), Math.min(w - 1, Math.round(cx + 4 * pw))];
  const [by0, by1] = [Math.max(0, Math.round(cy - 2 * pw)), Math.min(h - 1, Math.round(cy + 0.5 * pw))];
  for (let y = by0; y <= by1; y++)
    for (let x = bx0; x <= bx1; x++) {
      if (Math.abs(x - cx) < 0.6 * pw) continue;
      m++;
      if (lum(x, y) > 235) bright++;
    }
  return { texture: n ? steps / n / 255 : 0, bright: m ? bright / m : 0 };
}

/** Mean brightness (0..1) and the share of dark pixels (below a quarter of full scale) of the whole picture. */
export function brightness(rgb: Raster): { mean: number; dark: number } {
  const { width: w, height: h, data } = rgb;
  let [sum, dark] = [0, 0];
  for (let i = 0; i < w * h; i++) {
    const l = 0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!;
    sum += l;
    if (l < 64) dark++;
  }
  const n = Math.max(1, w * h);
  return { mean: sum / n / 255, dark: dark / n };
}

export interface AngleMeasurers {
  detect: typeof detectPlates;
  segment: (image: Buffer) => Promise<VehicleMask>;
}

const measurers: AngleMeasurers = { detect: detectPlates, segment: segmentVehicle };

/** A picture's features: plate, vehicle mask, colours and circles, each read on the picture as displayed. */
export async function measureAngleFeatures(image: Buffer, use: AngleMeasurers = measurers): Promise<AngleFeatures> {
  const detection = await use.detect(image);
  const best = detection.plates[0];
  const plate = best ? fractionOf(plateBox(best.corners), detection.width, detection.height) : null;
  const mask = await use.segment(image);
  const small = await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(MASK_WIDTH, Math.max(1, Math.round((MASK_WIDTH * mask.height) / mask.width)), { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const colour = await sharp(image)
    .rotate()
    .resize(COLOUR_WIDTH)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = { width: colour.info.width, height: colour.info.height, data: colour.data };
  return featuresOf(
    plate,
    { width: small.info.width, height: small.info.height, data: small.data },
    rgb,
    await findCircles(grey(rgb)),
  );
}

/** The features from the plate's box, the mask and the colours once read (the bench re-reads them from a cache). */
export function featuresOf(plate: PlateBox | null, mask: Raster, rgb: Raster, circles: Circle[]): AngleFeatures {
  const own = plateVehicle(mask, plate);
  const car = carFromMask(own, plate);
  const red = plate ? redSides(rgb, plate) : { left: 0, right: 0 };
  const [weak, strong] = [Math.min(red.left, red.right), Math.max(red.left, red.right)];
  return {
    plate: plate && { cx: plate.cx, cy: plate.cy, width: plate.width },
    car,
    redBeside: red.left + red.right,
    redBalance: strong > 0 ? weak / strong : 0,
    redInCar: car ? redIn(rgb, { ...car, top: car.top + (car.bottom - car.top) / 3 }) : 0,
    redBody: car ? redBody(rgb, own, car) : 0,
    mirror: plate ? mirrorDifference(rgb, plate) : null,
    around: plate ? aroundPlate(rgb, plate) : null,
    light: brightness(rgb),
    circles,
  };
}

/** The luminance of an RGB raster, one byte a pixel. */
export function grey(rgb: Raster): Raster {
  const { width, height, data } = rgb;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!);
  return { width, height, data: out };
}
