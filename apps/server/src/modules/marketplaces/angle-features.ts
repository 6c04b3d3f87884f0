import sharp from 'sharp';
import { detectPlates } from '../vision/detect-plates';
import type { Quad } from '../vision/geometry';
import { segmentVehicle, type VehicleMask } from '../vision/segmentation';
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
const COLOUR_WIDTH = 480;

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
export function carFromMask(mask: Raster, plate: PlateBox | null): AngleFeatures['car'] {
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
  };
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

/**
 * Saturated red (tail lights, reflectors) beside the plate: within 4 plate widths left and right of it, from
 * 2 plate widths above its middle to half a width below; the plate's own columns (±0.6 width) are left out, so
 * that a red car's boot lid above the plate counts less than lights at its sides.
 */
export function redBeside(rgb: Raster, fraction: PlateBox): number {
  const { width: w, height: h, data } = rgb;
  const cx = fraction.cx * w;
  const cy = fraction.cy * h;
  const pw = fraction.width * w;
  const x0 = Math.max(0, Math.round(cx - 4 * pw));
  const x1 = Math.min(w - 1, Math.round(cx + 4 * pw));
  const y0 = Math.max(0, Math.round(cy - 2 * pw));
  const y1 = Math.min(h - 1, Math.round(cy + 0.5 * pw));
  let red = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      n++;
      if (Math.abs(x - cx) < 0.6 * pw) continue;
      const o = (y * w + x) * 3;
      const [r, g, b] = [data[o]!, data[o + 1]!, data[o + 2]!];
      if (r > 90 && r > 1.7 * g && r > 1.5 * b) red++;
    }
  return n ? red / n : 0;
}

export interface AngleMeasurers {
  detect: typeof detectPlates;
  segment: (image: Buffer) => Promise<VehicleMask>;
}

const measurers: AngleMeasurers = { detect: detectPlates, segment: segmentVehicle };

/** A picture's features: plate, vehicle mask and colours, each read on the picture as displayed. */
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
  const car = carFromMask({ width: small.info.width, height: small.info.height, data: small.data }, plate);
  let red = 0;
  if (plate) {
    const colour = await sharp(image)
      .rotate()
      .resize(COLOUR_WIDTH)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    red = redBeside({ width: colour.info.width, height: colour.info.height, data: colour.data }, plate);
  }
  return {
    plate: plate && { cx: plate.cx, cy: plate.cy, width: plate.width },
    car,
    redBeside: red,
  };
}
