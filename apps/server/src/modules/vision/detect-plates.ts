import sharp from 'sharp';
import { enlarge, noiseLevel } from './gray-image';
import { detectPlatesInGray, workingSide, type PlateCandidate } from './plate-detector';
import { UnreadablePicture } from './segmentation';

export interface PlateDetectionResult {
  width: number;
  height: number;
  plates: PlateCandidate[];
}

/** Plates in an encoded image (JPEG, PNG, WebP), in the pixels of the image as displayed (EXIF-rotated). */
export async function detectPlates(image: Buffer): Promise<PlateDetectionResult> {
  const { width, height, gray, sourceNoise } = await decode(image);
  const sx = width / gray.width;
  const sy = height / gray.height;
  const plates = detectPlatesInGray(gray, undefined, sourceNoise).map((p) => ({
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
    // A large photo is decoded straight at the working size: libvips shrinks a JPEG while decoding it (an 8 MP
    // photo is read at an eighth of the work). A photo at the working size is not resized (libvips would still
    // resample it, for the same pixels), and a small one is enlarged here, in grey (decision 0063).
    const longest = Math.max(width, height);
    let pipeline = sharp(image).rotate();
    if (longest > side) pipeline = pipeline.resize(width >= height ? { width: side } : { height: side });
    const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
    const gray = {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
    if (longest >= side) return { width, height, gray, sourceNoise: 0 };
    const scale = side / longest;
    return {
      width,
      height,
      // Measured before enlarging: interpolation smooths the grain, not the specks it makes (decision 0063).
      sourceNoise: noiseLevel(gray),
      gray: enlarge(
        gray,
        width >= height ? side : Math.round(info.width * scale),
        width >= height ? Math.round(info.height * scale) : side,
      ),
    };
  } catch (err) {
    throw new UnreadablePicture((err as Error).message);
  }
}
