import { webcrypto } from 'node:crypto';
import type { CroppingType } from '@forecourt/contracts';
import sharp, { type OverlayOptions } from 'sharp';
import type { VehicleMask } from './segmentation';

export interface CropInput {
  /** The ORIGINAL photo. */
  image: Buffer;
  mask: VehicleMask;
  /** The stamp's background picture; a plain studio backdrop when the stamp has none. */
  background: Buffer | null;
  /** Blur of the background, 0 for none; in pixels of a 1000 px wide picture, so it looks the same at any size. */
  blurringValue: number;
  croppingType: CroppingType;
}

export interface CropOutput {
  /** The vehicle alone on white. */
  backgroundCropped: Buffer;
  /** The vehicle on the stamp's background with its contact shadow (FADED/PARTIAL as configured). */
  originalCropped: Buffer;
  originalCroppedNoShadow: Buffer;
}

export interface VehicleBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const JPEG = { quality: 90, chromaSubsampling: '4:2:0' } as const;
const SOLID = 128;

/** The cropped renderings of a photo from its vehicle mask. Throws when the mask holds no vehicle. */
export async function composeCropped(input: CropInput): Promise<CropOutput> {
  const { width, height } = input.mask;
  const raw3 = { raw: { width, height, channels: 3 as const } };
  const raw4 = { raw: { width, height, channels: 4 as const } };
  const box = await findVehicle(input.mask);
  if (!box) throw new Error('No vehicle was found in this picture');

  const edge = input.croppingType === 'FADED_CROPPING' ? Math.max(2, width * 0.006) : 0.6;
  const vehicleAlpha = await sharp(input.mask.alpha, { raw: { width, height, channels: 1 } })
    .blur(edge)
    .extractChannel(0)
    .raw()
    .toBuffer();
  // PARTIAL_CROPPING keeps the real floor (and the real shadow on it): only what lies above is replaced.
  const partial = input.croppingType === 'PARTIAL_CROPPING';
  const background = await backgroundLayer(input.background, width, height, input.blurringValue);
  const shadow = partial ? null : await contactShadow(box, width, height);
  // The photo with the alpha of what it keeps, decoded straight into one RGBA buffer (no RGB copy first).
  const kept = await cutOut(
    input.image,
    partial ? withFloor(vehicleAlpha, box, width, height) : vehicleAlpha,
    input.mask,
  );
  const render = (overlays: OverlayOptions[]) => sharp(background, raw3).composite(overlays).jpeg(JPEG).toBuffer();
  // One rendering after the other: each holds full-size working copies, and the worker's memory is the limit.
  const originalCropped = await render(shadow ? [shadow, { input: kept, ...raw4 }] : [{ input: kept, ...raw4 }]);
  const originalCroppedNoShadow = await render([{ input: kept, ...raw4 }]);
  const vehicle = partial ? await cutOut(input.image, vehicleAlpha, input.mask) : kept;
  const backgroundCropped = await sharp(vehicle, raw4).flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
  return { originalCropped, originalCroppedNoShadow, backgroundCropped };
}

/**
 * The photo, upright, as RGBA with the given alpha. In sharp's pipeline flatten comes before joinChannel and
 * removeAlpha after it: flatten (nothing to do on a photo without alpha) keeps the joined band.
 */
function cutOut(image: Buffer, alpha: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(image)
    .rotate()
    .flatten()
    .joinChannel(alpha, { raw: { ...size, channels: 1 } })
    .raw()
    .toBuffer();
}

// The vehicle's box is looked for on a mask this wide at most: the full-size scan would hold the event
// loop (shared with the API) for a noticeable time on an 8 MP picture.
const BOX_SCAN_WIDTH = 800;

/** The box of the vehicle in the mask's pixels, found on a reduced copy, or null when there is none. */
async function findVehicle(mask: VehicleMask): Promise<VehicleBox | null> {
  const scale = Math.min(1, BOX_SCAN_WIDTH / mask.width);
  if (scale === 1) return vehicleBox(mask);
  const width = Math.max(1, Math.round(mask.width * scale));
  const height = Math.max(1, Math.round(mask.height * scale));
  const alpha = await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const box = vehicleBox({ width, height, alpha });
  if (!box) return null;
  const fx = mask.width / width;
  const fy = mask.height / height;
  return {
    left: Math.floor(box.left * fx),
    top: Math.floor(box.top * fy),
    right: Math.min(mask.width - 1, Math.ceil((box.right + 1) * fx) - 1),
    bottom: Math.min(mask.height - 1, Math.ceil((box.bottom + 1) * fy) - 1),
  };
}

/** The box of the mask's solid pixels, or null when there are none. */
export function vehicleBox(mask: VehicleMask): VehicleBox | null {
  const { width, height, alpha } = mask;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (alpha[row + x]! < SOLID) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

// Every picture of a shooting is composed on the same background, at the same size: the last layer made is
// kept (24 MB for an 8 MP picture) until another is needed or the worker has composed nothing for a while.
const KEEP_LAYER_MS = 60_000;
let lastLayer: { key: string; layer: Promise<Buffer> } | null = null;
let forgetLayer: NodeJS.Timeout | undefined;

/** The stamp's background covering the picture, blurred, made once for a run of pictures on it. */
async function backgroundLayer(
  background: Buffer | null,
  width: number,
  height: number,
  blurringValue: number,
): Promise<Buffer> {
  // By content (a stamp's background may be replaced under the same key), hashed off the event loop.
  const source = background
    ? Buffer.from(await webcrypto.subtle.digest('SHA-256', new Uint8Array(background))).toString('hex')
    : 'studio';
  const key = `${source} ${width}x${height} ${blurringValue}`;
  let kept = lastLayer;
  if (kept?.key !== key) {
    const layer = makeBackgroundLayer(background, width, height, blurringValue);
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

/** The stamp's background covering the picture, blurred on a quarter-size copy (same look, far faster). */
async function makeBackgroundLayer(
  background: Buffer | null,
  width: number,
  height: number,
  blurringValue: number,
): Promise<Buffer> {
  const source = background ?? studioBackdrop(width, height);
  const sigma = (blurringValue * width) / 1000;
  if (sigma < 1) return sharp(source).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const small = await sharp(source)
    .rotate()
    .resize(Math.max(1, Math.round(width / 4)), Math.max(1, Math.round(height / 4)), { fit: 'cover' })
    .removeAlpha()
    .blur(Math.max(0.3, sigma / 4))
    .png()
    .toBuffer();
  // Bilinear is enough to enlarge a blurred picture, and twice as fast as the default Lanczos at 8 MP.
  return sharp(small).resize(width, height, { fit: 'fill', kernel: 'linear' }).removeAlpha().raw().toBuffer();
}

function studioBackdrop(width: number, height: number): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/><stop offset="0.62" stop-color="#dfe2e6"/><stop offset="0.62" stop-color="#c9cdd2"/><stop offset="1" stop-color="#eceef0"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#wall)"/></svg>`);
}

// The shadow is drawn at most this wide and enlarged: it is all blur, and drawing the SVG's Gaussian blurs
// at the size of an 8 MP picture's car took 0.6 s of CPU.
const SHADOW_DRAW_WIDTH = 640;

/** A soft dark ellipse where the wheels meet the floor, drawn over its own small area only. */
async function contactShadow(box: VehicleBox, width: number, height: number): Promise<OverlayOptions | null> {
  const rx = ((box.right - box.left) / 2) * 0.98;
  const ry = Math.max(4, (box.right - box.left) * 0.045);
  const pad = ry * 3;
  const w = Math.ceil(rx * 2 + pad * 2);
  const h = Math.ceil(ry * 2 + pad * 2);
  const scale = Math.min(1, SHADOW_DRAW_WIDTH / w);
  const [sw, sh] = [Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale))];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sw}" height="${sh}">
  <defs><filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(ry * 0.7 * scale).toFixed(2)}"/></filter>
  <filter id="core" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(ry * 0.25 * scale).toFixed(2)}"/></filter></defs>
  <ellipse cx="${sw / 2}" cy="${sh / 2}" rx="${rx * scale}" ry="${ry * scale}" fill="#000" opacity="0.45" filter="url(#soft)"/>
  <ellipse cx="${sw / 2}" cy="${sh / 2}" rx="${rx * 0.85 * scale}" ry="${ry * 0.35 * scale}" fill="#000" opacity="0.4" filter="url(#core)"/></svg>`;
  const left = Math.round((box.left + box.right) / 2 - w / 2);
  const top = Math.round(box.bottom - ry * 0.6 - h / 2);
  // sharp refuses overlays that overflow the picture: keep the part inside it.
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(width, left + w);
  const y1 = Math.min(height, top + h);
  if (x1 <= x0 || y1 <= y0) return null;
  const drawn = await sharp(Buffer.from(svg)).png().toBuffer();
  const input = await sharp(drawn)
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 })
    .png()
    .toBuffer();
  return { input, left: x0, top: y0 };
}

/**
 * The vehicle's alpha joined with the floor's: opaque below the vehicle's lower part (the floor it stands
 * on), fading to clear above it. Joined as one layer over another would be (a + f - a·f).
 */
function withFloor(vehicle: Buffer, box: VehicleBox, width: number, height: number): Buffer {
  const floorTop = box.bottom - (box.bottom - box.top) * 0.22;
  const ramp = Math.max(2, height * 0.03);
  const alpha = Buffer.from(vehicle);
  for (let y = Math.max(0, Math.floor(floorTop)); y < height; y++) {
    const f = Math.round(Math.max(0, Math.min(1, (y - floorTop) / ramp)) * 255);
    if (f === 255) alpha.fill(255, y * width, (y + 1) * width);
    else if (f > 0)
      for (let i = y * width; i < (y + 1) * width; i++) alpha[i] = alpha[i]! + f - Math.round((alpha[i]! * f) / 255);
  }
  return alpha;
}
