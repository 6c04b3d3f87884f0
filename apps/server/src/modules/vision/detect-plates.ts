import sharp from 'sharp';
import { detectPlatesInGray, workingSide, type PlateCandidate } from './plate-detector';
import { UnreadablePicture } from './segmentation';

export interface PlateDetectionResult {
  width: number;
  height: number;
  plates: PlateCandidate[];
}

/** Plates in an encoded image (JPEG, PNG, WebP), in the pixels of the image as displayed (EXIF-rotated). */
export async function detectPlates(image: Buffer): Promise<PlateDetectionResult> {
  const { width, height, data, info } = await decode(image);
  const gray = {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
  const sx = width / info.width;
  const sy = height / info.height;
  const plates = detectPlatesInGray(gray).map((p) => ({
    confidence: p.confidence,
    corners: p.corners.map((c) => ({ x: c.x * sx, y: c.y * sy })) as PlateCandidate['corners'],
  }));
  return { width, height, plates };
}

/**
 * The picture in grey at the detector's working size. Whatever libvips cannot read (a truncated upload, bytes
 * that are no picture) is the picture's fault, not the worker's: callers leave it to a person instead of retrying.
 */
async function decode(image: Buffer) {
  try {
    const meta = await sharp(image).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its displayed sides are the stored ones swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height! : meta.width!;
    const height = turned ? meta.width! : meta.height!;
    const side = workingSide(width, height);
    // Decoded straight at the working size: libvips shrinks a large JPEG while decoding it (an 8 MP photo is
    // read at an eighth of the work), and enlarges a small one in the same pass. A photo already at the working
    // size is not resized: libvips would still resample it (the same pixels, for ~7 ms of CPU).
    let pipeline = sharp(image).rotate();
    if (Math.max(width, height) !== side)
      pipeline = pipeline.resize(width >= height ? { width: side } : { height: side });
    const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
    return { width, height, data, info };
  } catch (err) {
    throw new UnreadablePicture((err as Error).message);
  }
}
