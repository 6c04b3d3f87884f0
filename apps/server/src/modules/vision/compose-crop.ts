import { webcrypto } from 'node:crypto';
import type { CroppingType } from '@forecourt/contracts';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { frameVehicle, type Placement, type Size, type VehicleBox } from './crop-framing';
import { DIGITAL_SOURCE, digitalSourceXmp } from './digital-source';
import type { VehicleMask } from './segmentation';
import { decontaminate, refineMatte, scanVehicle } from './vehicle-matte';

export interface CropInput {
  /** The ORIGINAL photo. */
  image: Buffer;
  mask: VehicleMask;
  /** The stamp's background picture (the set); a plain studio backdrop when the stamp has none. */
  background: Buffer | null;
  /** Blur of the background, 0 for none; in pixels of a 1000 px wide picture, so it looks the same at any size. */
  blurringValue: number;
  croppingType: CroppingType;
  /** The size of the renderings: the stamp's, so that stamping them resizes nothing. */
  canvas: Size;
  /** Where the set's floor begins (its wall/floor line), in percent of the height from the top. */
  floorLevel: number;
}

export interface CropOutput {
  /** The vehicle alone on white, framed as on the set. */
  backgroundCropped: Buffer;
  /** The vehicle on the stamp's background with its contact shadow (FADED/PARTIAL as configured). */
  originalCropped: Buffer;
  originalCroppedNoShadow: Buffer;
  /** Where the photo's pixels went: plates found on the photo are covered on the renderings through it. */
  placement: Placement;
}

const JPEG = { quality: 90, chromaSubsampling: '4:2:0' } as const;

/**
 * The cropped renderings of a photo from its vehicle mask, composed like a studio shot on the stamp's set
 * (see frameVehicle). Throws when the mask holds no vehicle.
 */
export async function composeCropped(input: CropInput): Promise<CropOutput> {
  const { canvas, mask } = input;
  const vehicle = await scanVehicle(mask);
  if (!vehicle) throw new Error('No vehicle was found in this picture');
  const partial = input.croppingType === 'PARTIAL_CROPPING';
  const framed = frameVehicle(vehicle.box, mask, canvas, input.floorLevel);
  const region = drawnRegion(vehicle.box, mask, canvas, framed, partial);
  const { at, out } = region;

  const [rgb, alpha, keep] = await Promise.all([
    sharp(input.image)
      .rotate()
      .flatten()
      .extract(region.source)
      .resize(out.width, out.height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer(),
    resizedChannel(mask.alpha, mask, region.source, out),
    resizedChannel(vehicle.keep.data, vehicle.keep, scaleRect(region.source, vehicle.keep.width / mask.width), out),
  ]);
  const matte = refineMatte(alpha, keep, out.width, out.height);
  const edge = input.croppingType === 'FADED_CROPPING' ? Math.max(2, canvas.width * 0.006) : 0.6;
  const vehicleAlpha = await sharp(matte, { raw: { ...out, channels: 1 } })
    .blur(edge)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const clean = decontaminate(rgb, vehicleAlpha, out.width, out.height);
  const placedBox = placeBox(vehicle.box, at);

  const background = await backgroundLayer(input.background, canvas, input.blurringValue, input.floorLevel);
  const layer = (colours: Buffer, a: Buffer): OverlayOptions => ({
    input: withAlpha(colours, a),
    raw: { ...out, channels: 4 },
    left: region.left,
    top: region.top,
  });
  let kept: OverlayOptions;
  if (partial) {
    // PARTIAL_CROPPING keeps the photo's floor (and the real shadow on it) under the car, faded into the set's.
    const floor = floorAlpha(placedBox, region, canvas);
    kept = layer(partialColours(rgb, clean, floor), joinAlpha(vehicleAlpha, floor));
  } else kept = layer(clean, vehicleAlpha);
  const shadows = partial ? [] : await contactShadows(vehicleAlpha, region, placedBox, canvas);
  const raw3 = { raw: { ...canvas, channels: 3 as const } };
  const render = (base: Buffer | Sharp, overlays: OverlayOptions[]) =>
    // Each rendering says in its XMP that its background was replaced (digital-source.ts).
    (Buffer.isBuffer(base) ? sharp(base, raw3) : base)
      .composite(overlays)
      .withXmp(digitalSourceXmp(DIGITAL_SOURCE.backgroundReplaced))
      .jpeg(JPEG)
      .toBuffer();
  // One rendering after the other: each holds canvas-size working copies.
  const originalCropped = await render(background, [...shadows, kept]);
  const originalCroppedNoShadow = await render(background, [kept]);
  const white = sharp({ create: { ...canvas, channels: 3, background: '#ffffff' } });
  const backgroundCropped = await render(white, [layer(clean, vehicleAlpha)]);
  return { originalCropped, originalCroppedNoShadow, backgroundCropped, placement: at };
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of the photo drawn on the set, where it lands, and the placement that lands it exactly there. */
interface DrawnRegion {
  source: Rect;
  out: Size;
  left: number;
  top: number;
  at: Placement;
}

/**
 * The photo's part that is drawn: the vehicle with a margin for its soft edge (PARTIAL: the floor below
 * it too, the photo's width), only what lands on the canvas, in whole pixels on both sides.
 */
function drawnRegion(box: VehicleBox, source: Size, canvas: Size, at: Placement, partial: boolean): DrawnRegion {
  const margin = Math.max(4, (box.right - box.left) * 0.02);
  const { scale: s, dx, dy } = at;
  const x0 = Math.max(0, partial ? 0 : box.left - margin, -dx / s);
  const y0 = Math.max(0, box.top - margin, -dy / s);
  const x1 = Math.min(source.width, partial ? source.width : box.right + 1 + margin, (canvas.width - dx) / s);
  const y1 = Math.min(source.height, partial ? source.height : box.bottom + 1 + margin, (canvas.height - dy) / s);
  const rect = { left: Math.floor(x0), top: Math.floor(y0), width: 0, height: 0 };
  rect.width = Math.max(1, Math.min(source.width, Math.ceil(x1)) - rect.left);
  rect.height = Math.max(1, Math.min(source.height, Math.ceil(y1)) - rect.top);
  const left = Math.min(canvas.width - 1, Math.max(0, Math.round(rect.left * s + dx)));
  const top = Math.min(canvas.height - 1, Math.max(0, Math.round(rect.top * s + dy)));
  const out = {
    width: Math.max(1, Math.min(canvas.width - left, Math.round(rect.width * s))),
    height: Math.max(1, Math.min(canvas.height - top, Math.round(rect.height * s))),
  };
  const exact = { scale: s, dx: left - rect.left * s, dy: top - rect.top * s };
  return { source: rect, out, left, top, at: exact };
}

const scaleRect = (r: Rect, f: number): Rect => {
  const left = Math.floor(r.left * f);
  const top = Math.floor(r.top * f);
  return {
    left,
    top,
    width: Math.max(1, Math.ceil((r.left + r.width) * f) - left),
    height: Math.max(1, Math.ceil((r.top + r.height) * f) - top),
  };
};

/** A part of a one-channel picture, enlarged or reduced to the drawn size. */
function resizedChannel(data: Buffer, size: Size, part: Rect, out: Size): Promise<Buffer> {
  const clamped = {
    left: Math.min(part.left, size.width - 1),
    top: Math.min(part.top, size.height - 1),
    width: 0,
    height: 0,
  };
  clamped.width = Math.max(1, Math.min(part.width, size.width - clamped.left));
  clamped.height = Math.max(1, Math.min(part.height, size.height - clamped.top));
  return sharp(data, { raw: { ...size, channels: 1 } })
    .extract(clamped)
    .resize(out.width, out.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

const placeBox = (b: VehicleBox, at: Placement): VehicleBox => ({
  left: b.left * at.scale + at.dx,
  top: b.top * at.scale + at.dy,
  right: (b.right + 1) * at.scale + at.dx,
  bottom: (b.bottom + 1) * at.scale + at.dy,
});

function withAlpha(rgb: Buffer, alpha: Buffer): Buffer {
  const out = Buffer.alloc(alpha.length * 4);
  for (let i = 0; i < alpha.length; i++) {
    out[i * 4] = rgb[i * 3]!;
    out[i * 4 + 1] = rgb[i * 3 + 1]!;
    out[i * 4 + 2] = rgb[i * 3 + 2]!;
    out[i * 4 + 3] = alpha[i]!;
  }
  return out;
}

/** Two alphas joined as one layer over another would be (a + f - a·f). */
function joinAlpha(a: Buffer, f: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! + f[i]! - Math.round((a[i]! * f[i]!) / 255);
  return out;
}

/** The photo's own colours where its floor is kept, the vehicle's cleaned ones elsewhere. */
function partialColours(rgb: Buffer, clean: Buffer, floor: Buffer): Buffer {
  const out = Buffer.from(clean);
  for (let i = 0; i < floor.length; i++) {
    if (floor[i] === 0) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = rgb[i * 3 + c]!;
  }
  return out;
}

/**
 * PARTIAL_CROPPING's floor: opaque from the vehicle's lower part down (the floor it stands on), fading to
 * clear above it and towards the drawn part's sides and bottom where they lie inside the set.
 */
function floorAlpha(box: VehicleBox, region: DrawnRegion, canvas: Size): Buffer {
  const { width, height } = region.out;
  const floorTop = box.bottom - (box.bottom - box.top) * 0.22 - region.top;
  const ramp = Math.max(2, canvas.height * 0.03);
  const side = Math.max(2, canvas.width * 0.05);
  const fadeLeft = region.left > 0;
  const fadeRight = region.left + width < canvas.width;
  const fadeBottom = region.top + height < canvas.height;
  const alpha = Buffer.alloc(width * height);
  for (let y = Math.max(0, Math.floor(floorTop)); y < height; y++) {
    let fy = Math.min(1, (y - floorTop) / ramp);
    if (fadeBottom) fy = Math.min(fy, (height - 1 - y) / ramp);
    if (fy <= 0) continue;
    for (let x = 0; x < width; x++) {
      let f = fy;
      if (fadeLeft) f = Math.min(f, x / side);
      if (fadeRight) f = Math.min(f, (width - 1 - x) / side);
      alpha[y * width + x] = Math.round(Math.max(0, f) * 255);
    }
  }
  return alpha;
}

// Every picture of a shooting is composed on the same background, at the same size: the last layer made is
// kept (about 8 MB at the stamp's size) until another is needed or the worker has composed nothing for a while.
const KEEP_LAYER_MS = 60_000;
let lastLayer: { key: string; layer: Promise<Buffer> } | null = null;
let forgetLayer: NodeJS.Timeout | undefined;

/** The stamp's background covering the canvas, blurred, made once for a run of pictures on it. */
async function backgroundLayer(
  background: Buffer | null,
  canvas: Size,
  blurringValue: number,
  floorLevel: number,
): Promise<Buffer> {
  // By content (a stamp's background may be replaced under the same key), hashed off the event loop.
  const source = background
    ? Buffer.from(await webcrypto.subtle.digest('SHA-256', new Uint8Array(background))).toString('hex')
    : `studio ${floorLevel}`;
  const key = `${source} ${canvas.width}x${canvas.height} ${blurringValue}`;
  let kept = lastLayer;
  if (kept?.key !== key) {
    const layer = makeBackgroundLayer(background ?? studioBackdrop(canvas, floorLevel), canvas, blurringValue);
    kept = lastLayer = { key, layer };
    // A failed layer is not kept: the next picture tries again.
    layer.catch(() => {
      if (lastLayer?.layer === layer) lastLayer = null;
    });
  }
  clearTimeout(forgetLayer);
  forgetLayer = setTimeout(() => (lastLayer = null), KEEP_LAYER_MS);
  forgetLayer.unref();
  return kept.layer;
}

/** The background covering the canvas, blurred on a quarter-size copy (same look, far faster). */
async function makeBackgroundLayer(source: Buffer, { width, height }: Size, blurringValue: number): Promise<Buffer> {
  const sigma = (blurringValue * width) / 1000;
  if (sigma < 1) return sharp(source).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const small = await sharp(source)
    .rotate()
    .resize(Math.max(1, Math.round(width / 4)), Math.max(1, Math.round(height / 4)), { fit: 'cover' })
    .removeAlpha()
    .blur(Math.max(0.3, sigma / 4))
    .png()
    .toBuffer();
  // Bilinear is enough to enlarge a blurred picture, and twice as fast as the default Lanczos.
  return sharp(small).resize(width, height, { fit: 'fill', kernel: 'linear' }).removeAlpha().raw().toBuffer();
}

function studioBackdrop({ width, height }: Size, floorLevel: number): Buffer {
  const floor = (floorLevel / 100).toFixed(3);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/><stop offset="${floor}" stop-color="#dfe2e6"/><stop offset="${floor}" stop-color="#c9cdd2"/><stop offset="1" stop-color="#eceef0"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#wall)"/></svg>`);
}

// The ambient shadow is drawn at most this wide and enlarged: it is all blur.
const SHADOW_DRAW_WIDTH = 640;

/**
 * The shadows that ground the vehicle: a soft ambient one under its whole length, and a contact one that
 * follows its lowest edge (tyres and sills), darkest where they meet the floor.
 */
async function contactShadows(
  alpha: Buffer,
  region: DrawnRegion,
  box: VehicleBox,
  canvas: Size,
): Promise<OverlayOptions[]> {
  const ambient = await ambientShadow(box, canvas);
  return [...(ambient ? [ambient] : []), await footprintShadow(alpha, region, box, canvas)];
}

async function ambientShadow(box: VehicleBox, canvas: Size): Promise<OverlayOptions | null> {
  const rx = ((box.right - box.left) / 2) * 1.02;
  const ry = Math.max(4, (box.right - box.left) * 0.05);
  const pad = ry * 3;
  const w = Math.ceil(rx * 2 + pad * 2);
  const h = Math.ceil(ry * 2 + pad * 2);
  const scale = Math.min(1, SHADOW_DRAW_WIDTH / w);
  const [sw, sh] = [Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale))];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}">
  <defs><filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(ry * 0.8 * scale).toFixed(2)}"/></filter></defs>
  <ellipse cx="${sw / 2}" cy="${sh / 2}" rx="${rx * scale}" ry="${ry * scale}" fill="#000" opacity="0.45" filter="url(#soft)"/></svg>`;
  const left = Math.round((box.left + box.right) / 2 - w / 2);
  const top = Math.round(box.bottom - ry * 0.7 - h / 2);
  return clipped(await sharp(Buffer.from(svg)).png().toBuffer(), { left, top, width: w, height: h }, canvas);
}

/** The drawn shadow enlarged to its place, keeping only the part inside the canvas (sharp refuses overflow). */
async function clipped(drawn: Buffer, at: Rect, canvas: Size): Promise<OverlayOptions | null> {
  const x0 = Math.max(0, at.left);
  const y0 = Math.max(0, at.top);
  const x1 = Math.min(canvas.width, at.left + at.width);
  const y1 = Math.min(canvas.height, at.top + at.height);
  if (x1 <= x0 || y1 <= y0) return null;
  const input = await sharp(drawn)
    .resize(at.width, at.height, { fit: 'fill', kernel: 'linear' })
    .extract({ left: x0 - at.left, top: y0 - at.top, width: x1 - x0, height: y1 - y0 })
    .png()
    .toBuffer();
  return { input, left: x0, top: y0 };
}

/** Dark under each column's lowest solid pixel, blurred: where the tyres touch the floor, and under the sills. */
async function footprintShadow(
  alpha: Buffer,
  region: DrawnRegion,
  box: VehicleBox,
  canvas: Size,
): Promise<OverlayOptions> {
  const { width, height } = region.out;
  const carHeight = box.bottom - box.top;
  const carWidth = box.right - box.left;
  const above = Math.max(2, carHeight * 0.05);
  const below = Math.max(1, carHeight * 0.012);
  const pad = Math.ceil(Math.max(4, carWidth * 0.04));
  // The shadow's own area: the region's columns with a pad, from above the lowest edge to below the floor line.
  const left = Math.max(0, region.left - pad);
  const right = Math.min(canvas.width, region.left + width + pad);
  const top = Math.max(0, Math.floor(region.top + height - carHeight * 0.35 - pad));
  const bottom = Math.min(canvas.height, Math.ceil(region.top + height + pad));
  const w = Math.max(1, right - left);
  const h = Math.max(1, bottom - top);
  const map = Buffer.alloc(w * h);
  for (let x = 0; x < width; x++) {
    let lowest = -1;
    for (let y = height - 1; y >= 0; y--)
      if (alpha[y * width + x]! >= 128) {
        lowest = y;
        break;
      }
    if (lowest < 0) continue;
    const cx = region.left + x - left;
    const y0 = Math.max(0, Math.round(region.top + lowest - above - top));
    const y1 = Math.min(h, Math.round(region.top + lowest + below - top));
    for (let y = y0; y < y1; y++) map[y * w + cx] = 255;
  }
  const sigma = Math.max(1.5, carWidth * 0.01);
  const blurred = await sharp(map, { raw: { width: w, height: h, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const shadow = Buffer.alloc(w * h * 4);
  for (let i = 0; i < blurred.length; i++) shadow[i * 4 + 3] = Math.round(blurred[i]! * 0.7);
  return { input: shadow, raw: { width: w, height: h, channels: 4 }, left, top };
}
