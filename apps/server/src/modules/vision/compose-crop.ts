import { webcrypto } from 'node:crypto';
import { NO_VEHICLE_ERROR, type CroppingType } from '@forecourt/contracts';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { frameVehicle, type Placement, type Size, type VehicleBox } from './crop-framing';
import { DIGITAL_SOURCE, digitalSourceXmp } from './digital-source';
import type { VehicleMask } from './segmentation';
import { glassOf } from './vehicle-glass';
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
  /**
   * The shooting's camera height (0 low, 1 high) given this picture's reading (cameraHeight): the shooting's first
   * picture fixes it, so every picture of a shooting has its shadow seen from the same height. This picture's own
   * reading when absent.
   */
  shootingCamera?: (reading: number) => Promise<number>;
}

export interface CropOutput {
  /** The vehicle alone on white, framed as on the set. */
  backgroundCropped: Buffer;
  /** The vehicle on the stamp's background with the shadow made for it (FADED/PARTIAL as configured). */
  originalCropped: Buffer;
  originalCroppedNoShadow: Buffer;
  /** Where the photo's pixels went: plates found on the photo are covered on the renderings through it. */
  placement: Placement;
  /** The share of the vehicle's area found as glass and drawn see-through (0: the photo's windows kept). */
  glass: number;
  /** The camera height the shadow was drawn from (the shooting's), and the one this picture alone shows. */
  camera: { used: number; reading: number };
}

const JPEG = { quality: 90, chromaSubsampling: '4:2:0' } as const;

/**
 * The cropped renderings of a photo from its vehicle mask, composed like a studio shot on the stamp's set
 * (see frameVehicle). Throws when the mask holds no vehicle.
 */
export async function composeCropped(input: CropInput): Promise<CropOutput> {
  const { canvas, mask } = input;
  const vehicle = await scanVehicle(mask);
  if (!vehicle) throw new Error(NO_VEHICLE_ERROR);
  // PARTIAL_CROPPING keeps the windows as photographed (the outline filled); the others show the set where the
  // model saw through the vehicle. None keeps anything of the photo's ground: the shadow is made.
  const partial = input.croppingType === 'PARTIAL_CROPPING';
  const framed = frameVehicle(vehicle.box, mask, canvas, input.floorLevel);
  const region = drawnRegion(vehicle.box, mask, canvas, framed);
  const { at, out } = region;

  const keepRect = scaleRect(region.source, vehicle.keep.width / mask.width);
  const [rgb, alpha, keep, holes] = await Promise.all([
    sharp(input.image)
      .rotate()
      .flatten()
      .extract(region.source)
      .resize(out.width, out.height, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer(),
    resizedChannel(mask.alpha, mask, region.source, out),
    resizedChannel(vehicle.keep.data, vehicle.keep, keepRect, out),
    partial ? resizedChannel(vehicle.holes, vehicle.keep, keepRect, out) : null,
  ]);
  const matte = holes
    ? refineMatte(maxOf(alpha, holes), maxOf(keep, holes), out.width, out.height)
    : refineMatte(alpha, keep, out.width, out.height);
  const edge = input.croppingType === 'FADED_CROPPING' ? Math.max(2, canvas.width * 0.006) : 0.6;
  const vehicleAlpha = await sharp(matte, { raw: { ...out, channels: 1 } })
    .blur(edge)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const clean = decontaminate(rgb, vehicleAlpha, out.width, out.height);
  // CROPPING and FADED show the set through the windows (their glass found on the photo), PARTIAL keeps them.
  const glass = partial ? 0 : await seeThroughGlass(clean, vehicleAlpha, out);
  const placedBox = placeBox(vehicle.box, at);

  const background = await backgroundLayer(input.background, canvas, input.blurringValue, input.floorLevel);
  const kept: OverlayOptions = {
    input: withAlpha(clean, vehicleAlpha),
    raw: { ...out, channels: 4 },
    left: region.left,
    top: region.top,
  };
  const lowest = lowestEdge(vehicleAlpha, region.out);
  const ground = groundLine(lowest);
  const reading = cameraHeight(lowest, ground, placedBox.bottom - placedBox.top);
  const camera = { reading, used: input.shootingCamera ? await input.shootingCamera(reading) : reading };
  const shadows = await Promise.all(
    [AMBIENT, CONTACT].map((shape) =>
      madeShadow(lowest, ground, region, placedBox, canvas, shadowSeenFrom(shape, camera.used)),
    ),
  );
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
  const backgroundCropped = await render(white, [kept]);
  return { originalCropped, originalCroppedNoShadow, backgroundCropped, placement: at, camera, glass };
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
 * The photo's part that is drawn: the vehicle with a margin for its soft edge, only what lands on the canvas,
 * in whole pixels on both sides.
 */
function drawnRegion(box: VehicleBox, source: Size, canvas: Size, at: Placement): DrawnRegion {
  const margin = Math.max(4, (box.right - box.left) * 0.02);
  const { scale: s, dx, dy } = at;
  const x0 = Math.max(0, box.left - margin, -dx / s);
  const y0 = Math.max(0, box.top - margin, -dy / s);
  const x1 = Math.min(source.width, box.right + 1 + margin, (canvas.width - dx) / s);
  const y1 = Math.min(source.height, box.bottom + 1 + margin, (canvas.height - dy) / s);
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

// Glass as a studio's composites show it: the set seen through it, darkened by its tint, with a little of the
// photo's own reflections kept on it.
const SEE_THROUGH = 0.55;
const GLASS_TINT = [26, 30, 36] as const;
const REFLECTIONS_KEPT = 0.35;
// The glass is looked for on a copy this wide at most (the drawn car can be 1,500 px wide): the same windows, a
// fraction of the time.
const GLASS_SCAN_WIDTH = 400;

/**
 * Makes the vehicle's windows show what is behind them on the set: its alpha lowered and its colour tinted there.
 * Answers the share of the vehicle's area found as glass.
 */
async function seeThroughGlass(rgb: Buffer, alpha: Buffer, size: Size): Promise<number> {
  const scale = Math.min(1, GLASS_SCAN_WIDTH / size.width);
  const small = {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
  const [smallRgb, smallAlpha] = await Promise.all([
    sharp(rgb, { raw: { ...size, channels: 3 } })
      .resize(small.width, small.height, { fit: 'fill' })
      .raw()
      .toBuffer(),
    sharp(alpha, { raw: { ...size, channels: 1 } })
      .resize(small.width, small.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const found = glassOf(smallRgb, smallAlpha, small.width, small.height);
  let [glassArea, carArea] = [0, 0];
  for (let i = 0; i < found.length; i++) {
    if (found[i] !== 0) glassArea++;
    if (smallAlpha[i]! >= 128) carArea++;
  }
  if (glassArea === 0) return 0;
  // Enlarged and softened: a window's edge is the rubber seal, not a cut.
  const glass = await sharp(found, { raw: { ...small, channels: 1 } })
    .resize(size.width, size.height, { fit: 'fill' })
    .blur(Math.max(0.5, 1 / scale))
    .extractChannel(0)
    .raw()
    .toBuffer();
  for (let i = 0; i < alpha.length; i++) {
    const g = glass[i]! / 255;
    if (g === 0) continue;
    alpha[i] = Math.round(alpha[i]! * (1 - SEE_THROUGH * g));
    for (let c = 0; c < 3; c++) {
      const tinted = GLASS_TINT[c]! + (rgb[i * 3 + c]! - GLASS_TINT[c]!) * REFLECTIONS_KEPT;
      rgb[i * 3 + c] = Math.round(rgb[i * 3 + c]! + (tinted - rgb[i * 3 + c]!) * g);
    }
  }
  return glassArea / Math.max(1, carArea);
}

/** The larger of two maps at each pixel: a matte with the vehicle's holes (its windows) made opaque. */
function maxOf(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.max(a[i]!, b[i]!);
  return out;
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

/** How one of the made shadows is drawn from the vehicle's lowest edge, in shares of the placed vehicle's size. */
interface ShadowShape {
  /** How far it reaches up behind the lowest edge, in shares of the vehicle's height. */
  above: number;
  /** How far it reaches below the lowest edge, in shares of the vehicle's height. */
  below: number;
  /** Its softness, in shares of the vehicle's width. */
  blur: number;
  /** Its darkness where it is full. */
  opacity: number;
  /** How far it reaches beyond the vehicle's ends from a low camera, in shares of the vehicle's width. */
  beyond: number;
}

// The set's light comes from above (a studio's overhead softbox), on every picture alike: the shadow lies
// straight under the vehicle, a soft ambient one along its whole base and a darker contact one where the
// tyres and sills meet the floor. Both follow the vehicle's own lowest edge, so they take the perspective of
// the photo (a near wheel lower than a far one) and nothing of the photo's ground is kept.
const AMBIENT: ShadowShape = { above: 0.12, below: 0.05, blur: 0.035, opacity: 0.4, beyond: 0.1 };
const CONTACT: ShadowShape = { above: 0.05, below: 0.012, blur: 0.01, opacity: 0.6, beyond: 0.03 };

// The floor's shadow as the camera sees it: from low (at the wheels' height) it is foreshortened into a thin,
// long band; from high (above the roof) it is seen from above, wider. Its depth below the ground line is the
// shape's `below` times this, from a low camera to a high one; its reach beyond the car's ends is `beyond` of
// its width, all of it from a low camera, none from a high one.
const DEPTH_LOW = 0.5;
const DEPTH_HIGH = 2;
// The camera's height is read from the gap under the car between its wheels (ground line minus lowest edge, in
// shares of the car's height, over the middle 60 % of its length): a low camera sees under the body (the 54
// photos of plates/eu: up to 0.15), a high one sees the body's side down to the floor (0.01-0.03).
const GAP_LOW_CAMERA = 0.12;
const GAP_HIGH_CAMERA = 0.03;

/**
 * How high the camera stood, from the vehicle's lowest edge and ground line (drawn pixels): 0 at the wheels'
 * height or below, 1 well above the roof, between them in proportion to the gap seen under the body.
 */
export function cameraHeight(lowest: Int32Array, ground: Float64Array, carHeight: number): number {
  const columns: number[] = [];
  for (let x = 0; x < lowest.length; x++) if (lowest[x]! >= 0) columns.push(x);
  if (columns.length === 0 || carHeight <= 0) return 0.5;
  const [first, last] = [columns[0]!, columns[columns.length - 1]!];
  let [gap, n] = [0, 0];
  for (let x = Math.ceil(first + 0.2 * (last - first)); x <= first + 0.8 * (last - first); x++) {
    if (lowest[x]! < 0) continue;
    gap += ground[x]! - lowest[x]!;
    n++;
  }
  const share = n > 0 ? gap / n / carHeight : 0;
  return Math.min(1, Math.max(0, (GAP_LOW_CAMERA - share) / (GAP_LOW_CAMERA - GAP_HIGH_CAMERA)));
}

/** A shadow's shape as a camera at `camera` (0 low, 1 high: cameraHeight) sees it on the floor. */
export function shadowSeenFrom(shape: ShadowShape, camera: number): ShadowShape {
  return {
    ...shape,
    below: shape.below * (DEPTH_LOW + (DEPTH_HIGH - DEPTH_LOW) * camera),
    beyond: shape.beyond * (1 - camera),
  };
}

/**
 * The floor under the vehicle, column by column: the line through its lowest points (the tyres' contact, a near
 * wheel lower than a far one), below the body between them. The gap between the body and that line is in the
 * vehicle's shade: left empty, the car would seem to float.
 */
export function groundLine(lowest: Int32Array): Float64Array {
  // The lower convex envelope of the points (x, lowest[x]), y growing downwards.
  const hull: number[] = [];
  const cross = (o: number, a: number, b: number) =>
    (a - o) * (lowest[b]! - lowest[o]!) - (lowest[a]! - lowest[o]!) * (b - o);
  for (let x = 0; x < lowest.length; x++) {
    if (lowest[x]! < 0) continue;
    while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, x) >= 0) hull.pop();
    hull.push(x);
  }
  const ground = new Float64Array(lowest.length).fill(-1);
  for (let k = 0; k < hull.length; k++) {
    const a = hull[k]!;
    const b = hull[Math.min(k + 1, hull.length - 1)]!;
    for (let x = a; x <= b; x++)
      ground[x] = b === a ? lowest[a]! : lowest[a]! + ((lowest[b]! - lowest[a]!) * (x - a)) / (b - a);
  }
  return ground;
}

/** Each column's lowest solid pixel of the drawn vehicle, -1 where the column holds none. */
export function lowestEdge(alpha: Buffer, { width, height }: Size): Int32Array {
  const lowest = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++)
    for (let y = height - 1; y >= 0; y--)
      if (alpha[y * width + x]! >= 128) {
        lowest[x] = y;
        break;
      }
  return lowest;
}

/** A band from above the vehicle's lowest edge to below the ground line, blurred, as a black layer of the canvas's size at most. */
async function madeShadow(
  lowest: Int32Array,
  ground: Float64Array,
  region: DrawnRegion,
  box: VehicleBox,
  canvas: Size,
  shape: ShadowShape,
): Promise<OverlayOptions> {
  const { width, height } = region.out;
  const carHeight = box.bottom - box.top;
  const carWidth = box.right - box.left;
  const above = Math.max(2, carHeight * shape.above);
  const below = Math.max(1, carHeight * shape.below);
  const sigma = Math.max(1.5, carWidth * shape.blur);
  const beyond = Math.round(carWidth * shape.beyond);
  // The blur fades within three sigmas: the layer reaches that far around the band, so it has no edge.
  const pad = Math.ceil(sigma * 3 + below + beyond);
  const left = Math.max(0, region.left - pad);
  const right = Math.min(canvas.width, region.left + width + pad);
  const top = Math.max(0, Math.floor(region.top + height - carHeight * 0.4 - pad));
  const bottom = Math.min(canvas.height, Math.ceil(region.top + height + pad));
  const w = Math.max(1, right - left);
  const h = Math.max(1, bottom - top);
  const map = Buffer.alloc(w * h);
  for (let x = 0; x < width; x++) {
    if (lowest[x]! < 0) continue;
    const cx = region.left + x - left;
    const y0 = Math.max(0, Math.round(region.top + lowest[x]! - above - top));
    const y1 = Math.min(h, Math.round(region.top + Math.max(lowest[x]!, ground[x]!) + below - top));
    for (let y = y0; y < y1; y++) map[y * w + cx] = 255;
  }
  // Beyond the vehicle's ends, the band on the floor alone, level with the wheel nearest each end (a bumper
  // overhangs it).
  const columns = [...lowest.keys()].filter((x) => lowest[x]! >= 0);
  if (beyond > 0 && columns.length > 0) {
    const [first, last] = [columns[0]!, columns[columns.length - 1]!];
    const quarter = Math.max(1, Math.round((last - first) / 4));
    const floorNear = (from: number, to: number) => {
      let y = -1;
      for (let x = from; x <= to; x++) y = Math.max(y, lowest[x]!);
      return y;
    };
    const half = Math.max(below, carHeight * 0.02);
    for (const [end, step, floor] of [
      [first, -1, floorNear(first, first + quarter)],
      [last, 1, floorNear(last - quarter, last)],
    ] as const) {
      const y0 = Math.max(0, Math.round(region.top + floor - half - top));
      const y1 = Math.min(h, Math.round(region.top + floor + half - top));
      // From the wheel's contact out past the end, where the body above casts no other shade.
      for (let k = -quarter; k <= beyond; k++) {
        const cx = region.left + end + step * k - left;
        if (cx < 0 || cx >= w) continue;
        for (let y = y0; y < y1; y++) map[y * w + cx] = 255;
      }
    }
  }
  const blurred = await sharp(map, { raw: { width: w, height: h, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const shadow = Buffer.alloc(w * h * 4);
  for (let i = 0; i < blurred.length; i++) shadow[i * 4 + 3] = Math.round(blurred[i]! * shape.opacity);
  return { input: shadow, raw: { width: w, height: h, channels: 4 }, left, top };
}
