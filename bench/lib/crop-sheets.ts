// The crop benchmark's quality half: real photos (../shared/datasets/plates/eu, read in place) cropped with
// each cropping configuration of the demo stamps, laid before/after on one contact sheet per configuration,
// to be looked at; and the masks' boundary error against the outlines traced by hand in
// bench/fixtures/crop-outlines.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InferenceSession } from 'onnxruntime-common';
import sharp from 'sharp';
import { composeCropped } from '../../apps/server/src/modules/vision/compose-crop';
import { isNetMask } from '../../apps/server/src/modules/vision/isnet';
import { segmentVehicle, type VehicleMask } from '../../apps/server/src/modules/vision/segmentation';
import { vehicleParts } from '../../apps/server/src/modules/vision/vehicle-matte';
import { backgroundSvg, SET_FLOOR_LEVEL } from '../../apps/server/src/seed/dealer-branding';
import { groupBrand } from '../../apps/server/src/seed/demo-brands';
import { FORMAT_SIZE } from '../../apps/server/src/seed/demo-plan';
import { planStamps } from '../../apps/server/src/seed/demo-stamp-plan';

/** The twelve photos of the sheets: whole cars and cut ones, on concrete, parking lots, grass and in a garage. */
export const SHEET_PHOTOS = [
  'eu1',
  'eu3',
  'eu5',
  'eu7',
  'eu9',
  'test_008',
  'test_014',
  'test_028',
  'test_036',
  'test_052',
  'test_054',
  'test_096',
];

const TILE = { width: 320, height: 240 };

export interface SheetResult {
  configuration: string;
  file: string;
}

/** Each distinct cropping configuration of the demo stamps (type, background, blur, format). */
function configurations() {
  const seen = new Set<string>();
  return planStamps(Date.now()).filter((s) => {
    const key = `${s.croppingType} ${s.background} ${s.blurringValue} ${s.format}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const label = (text: string, width: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="22"><rect width="${width}" height="22" fill="#000" fill-opacity="0.6"/><text x="6" y="16" font-family="sans-serif" font-size="14" fill="#fff">${text}</text></svg>`,
  );

async function tile(image: Buffer, text: string): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .resize(TILE.width, TILE.height, { fit: 'contain', background: '#202020' })
    .composite([{ input: label(text, TILE.width), left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Segments each photo once; the masks serve every configuration. */
export async function sheetMasks(
  folder: string,
  names: string[],
): Promise<Map<string, { image: Buffer; mask: VehicleMask }>> {
  const out = new Map<string, { image: Buffer; mask: VehicleMask }>();
  for (const name of names) {
    const image = fs.readFileSync(path.join(folder, `${name}.jpg`));
    out.set(name, { image, mask: await segmentVehicle(image) });
  }
  return out;
}

/**
 * One contact sheet per configuration: each photo, its crop on the stamp's set and the crop on white, side by
 * side, three photos a row.
 */
export async function writeContactSheets(
  photos: Map<string, { image: Buffer; mask: VehicleMask }>,
  outDir: string,
): Promise<SheetResult[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const results: SheetResult[] = [];
  for (const stamp of configurations()) {
    const canvas = FORMAT_SIZE[stamp.format];
    const background = await sharp(
      Buffer.from(backgroundSvg(groupBrand(stamp.groupId), stamp.background, canvas.width, canvas.height)),
    )
      .jpeg({ quality: 85 })
      .toBuffer();
    const tiles: Buffer[] = [];
    for (const [name, { image, mask }] of photos) {
      const out = await composeCropped({
        image,
        mask,
        background,
        blurringValue: stamp.blurringValue,
        croppingType: stamp.croppingType,
        canvas,
        floorLevel: SET_FLOOR_LEVEL,
      });
      tiles.push(
        await tile(image, name),
        await tile(out.originalCropped, 'crop'),
        await tile(out.backgroundCropped, 'on white'),
      );
    }
    const columns = 9;
    const rows = Math.ceil(tiles.length / columns);
    const configuration = `${stamp.croppingType} ${stamp.background} blur ${stamp.blurringValue} ${stamp.format}`;
    const file = path.join(outDir, `${configuration.replace(/[ /]+/g, '-').toLowerCase()}.jpg`);
    await sharp({
      create: { width: columns * TILE.width, height: rows * TILE.height + 28, channels: 3, background: '#000' },
    })
      .composite([
        { input: label(configuration, columns * TILE.width), left: 0, top: 0 },
        ...tiles.map((input, i) => ({
          input,
          left: (i % columns) * TILE.width,
          top: 28 + Math.floor(i / columns) * TILE.height,
        })),
      ])
      .jpeg({ quality: 80 })
      .toFile(file);
    results.push({ configuration, file });
  }
  return results;
}

/**
 * On how many of the photos CROPPING finds glass to show the set through (and the share of the car it finds, each),
 * on the stamps' common 16/9 canvas over a plain set.
 */
export async function glassFound(
  photos: Map<string, { image: Buffer; mask: VehicleMask }>,
): Promise<{ photos: number; withGlass: number; shares: Record<string, number> }> {
  const canvas = { width: 1920, height: 1080 };
  const shares: Record<string, number> = {};
  for (const [name, { image, mask }] of photos) {
    const out = await composeCropped({
      image,
      mask,
      background: null,
      blurringValue: 0,
      croppingType: 'CROPPING',
      canvas,
      floorLevel: SET_FLOOR_LEVEL,
    }).catch(() => null);
    shares[name] = Number((out?.glass ?? 0).toFixed(3));
  }
  return { photos: photos.size, withGlass: Object.values(shares).filter((s) => s > 0).length, shares };
}

/** The hand-traced outlines (bench/fixtures/crop-outlines.json): name → polygon in the photo's pixels. */
export function tracedOutlines(): Record<string, [number, number][]> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/crop-outlines.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { outlines: Record<string, [number, number][]> }).outlines;
}

/** The mask of a photo by the IS-Net model at `side`, as the segmenter computes it, at the photo's size. */
export async function maskAtSide(session: InferenceSession, image: Buffer, side: number): Promise<VehicleMask> {
  const meta = await sharp(image).rotate().metadata();
  const rgb = await sharp(image).rotate().resize(side, side, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const small = await isNetMask(session, rgb, side);
  const width = meta.autoOrient?.width ?? meta.width!;
  const height = meta.autoOrient?.height ?? meta.height!;
  const alpha = await sharp(small, { raw: { width: side, height: side, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { width, height, alpha };
}

/** The pixels on the edge of a binary map (set, with a clear 4-neighbour or on the picture's border). */
function edgePoints(on: (i: number) => boolean, width: number, height: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!on(i)) continue;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) continue;
      if (!on(i - 1) || !on(i + 1) || !on(i - width) || !on(i + width)) out.push(x, y);
    }
  return out;
}

/** The mean distance from each point of `a` to the nearest of `b`, in pixels. */
function meanNearest(a: number[], b: number[]): number {
  let total = 0;
  for (let i = 0; i < a.length; i += 2) {
    let best = Infinity;
    for (let j = 0; j < b.length; j += 2) {
      const d = (a[i]! - b[j]!) ** 2 + (a[i + 1]! - b[j + 1]!) ** 2;
      if (d < best) best = d;
    }
    total += Math.sqrt(best);
  }
  return total / Math.max(1, a.length / 2);
}

export interface BoundaryError {
  name: string;
  /** The mean of both ways' mean distances between the mask's edge and the traced one, in the photo's pixels. */
  pixels: number;
  /** The same in percent of the traced car's box diagonal, so photos of any size weigh alike. */
  percentOfDiagonal: number;
  /** Intersection over union of the solid mask and the traced outline. */
  iou: number;
}

/**
 * The mask's boundary error against a traced outline: the mask as the crop uses it (solid at 128, its small
 * parts left out: vehicleParts) against the polygon filled.
 */
export async function boundaryError(
  name: string,
  mask: VehicleMask,
  outline: [number, number][],
): Promise<BoundaryError> {
  const { width, height } = mask;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%"/><polygon fill="#fff" points="${outline.map((p) => p.join(',')).join(' ')}"/></svg>`;
  const traced = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  const parts = vehicleParts(mask.alpha, width, height);
  const solid = parts?.keep ?? Buffer.alloc(width * height);
  let both = 0;
  let either = 0;
  for (let i = 0; i < traced.length; i++) {
    const [t, m] = [traced[i]! >= 128, solid[i]! !== 0 && mask.alpha[i]! >= 128];
    if (t && m) both++;
    if (t || m) either++;
  }
  const a = edgePoints((i) => solid[i]! !== 0 && mask.alpha[i]! >= 128, width, height);
  const b = edgePoints((i) => traced[i]! >= 128, width, height);
  const pixels = (meanNearest(a, b) + meanNearest(b, a)) / 2;
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const diagonal = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return { name, pixels, percentOfDiagonal: (100 * pixels) / diagonal, iou: both / Math.max(1, either) };
}
