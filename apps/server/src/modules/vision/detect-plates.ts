import sharp from 'sharp';
import { enlarge, noiseLevel, type GrayImage } from './gray-image';
import { detectPlatesInGray, workingSide, type PlateCandidate } from './plate-detector';
import { detectPlatesInGrayBeside } from './plate-half-thread';
import { UnreadablePicture } from './segmentation';
import { storedLongestSide } from './stored-size';

/** The largest working size: a photo larger than it is decoded at it. */
const LARGEST_SIDE = workingSide(Infinity, Infinity);

export interface PlateDetectionResult {
  width: number;
  height: number;
  plates: PlateCandidate[];
}

/** Plates in an encoded image (JPEG, PNG, WebP), in the pixels of the image as displayed (EXIF-rotated). */
export async function detectPlates(image: Buffer): Promise<PlateDetectionResult> {
  // Alone, the picture's two scales are searched on both cores (decision 0068).
  const picture = await decode(image);
  const plates = await detectPlatesInGrayBeside(picture.gray, undefined, picture.sourceNoise);
  return inDisplayedPixels(picture, plates);
}

/**
 * Plates of several pictures, in their order, each read by `read`. While one picture's plates are searched (the
 * main thread), the next one is read and decoded (sharp works on libuv's thread pool): a batch keeps both cores
 * busy, one picture's decoding and another's detection, and holds two decoded pictures at most; the last picture's
 * two scales are searched side by side, as `detectPlates` does (decision 0068).
 * The first failure (of `read`, or an unreadable picture) is thrown in its turn, once the pictures before it are done.
 */
export async function detectPlatesOfEach<T>(
  items: readonly T[],
  read: (item: T) => Promise<Buffer>,
): Promise<PlateDetectionResult[]> {
  // A picture's bytes and its decoding. The decoding is asked for as soon as the bytes are there, in the same
  // callback; each failure is awaited in its turn, so that a later one is not reported as unhandled meanwhile.
  const start = (item: T) => {
    const bytes = read(item);
    const decoded = bytes.then(decode);
    bytes.catch(() => {});
    decoded.catch(() => {});
    return { bytes, decoded };
  };
  const results: PlateDetectionResult[] = [];
  let next = items.length ? start(items[0]!) : null;
  for (let i = 0; i < items.length; i++) {
    const current = next!;
    // The next picture is read (and then decoded) while this one is decoded and searched.
    next = i + 1 < items.length ? start(items[i + 1]!) : null;
    const picture = await current.decoded;
    // Its decoding must be under way on sharp's threads before this detection holds the thread: once its bytes are
    // read, the callback that asks for it has run (callbacks of one promise run in the order they were added).
    if (next) await next.bytes.catch(() => {});
    // With a next picture, on this thread alone: the second core is decoding it. The last picture (or the only
    // one, as the plate editor asks) has the second core free: both scales are searched side by side.
    const plates = next
      ? detectPlatesInGray(picture.gray, undefined, picture.sourceNoise)
      : await detectPlatesInGrayBeside(picture.gray, undefined, picture.sourceNoise);
    results.push(inDisplayedPixels(picture, plates));
  }
  return results;
}

function inDisplayedPixels({ width, height, gray }: Decoded, found: PlateCandidate[]): PlateDetectionResult {
  const sx = width / gray.width;
  const sy = height / gray.height;
  const plates = found.map((p) => ({
    confidence: p.confidence,
    corners: p.corners.map((c) => ({ x: c.x * sx, y: c.y * sy })) as PlateCandidate['corners'],
  }));
  return { width, height, plates };
}

/** A picture in grey at the detector's working size, with its displayed size and the noise of its own pixels. */
interface Decoded {
  width: number;
  height: number;
  gray: GrayImage;
  sourceNoise: number;
}

/**
 * The picture in grey at the detector's working size. Whatever libvips cannot read (a truncated upload, bytes
 * that are no picture) is the picture's fault, not the worker's: callers leave it to a person instead of retrying.
 */
async function decode(image: Buffer): Promise<Decoded> {
  try {
    // Both requests to sharp's threads at once, not one after the other: the size and orientation are read beside
    // the decoding, so that both are under way before the caller's thread turns to other work (in a batch, the
    // previous picture's detection; decision 0068). A large photo is decoded straight at the largest working size:
    // libvips shrinks a JPEG while decoding it (an 8 MP photo is read at an eighth of the work). Whether it is
    // larger does not depend on its EXIF turn, and is read from the header here: a photo at the working size or
    // smaller is not resized at all (even a resize that only shrinks costs a small photo ~1.4 ms of libvips'
    // time), and a small one is enlarged below, in grey (decision 0063).
    const stored = storedLongestSide(image);
    const grey = (shrink: boolean) => {
      const pipeline = sharp(image).rotate();
      if (shrink)
        pipeline.resize({ width: LARGEST_SIDE, height: LARGEST_SIDE, fit: 'inside', withoutEnlargement: true });
      return pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
    };
    const [meta, decoded] = await Promise.all([
      sharp(image).metadata(),
      grey(stored === null || stored > LARGEST_SIDE),
    ]);
    // A header misread here (libvips reads it as the decoding does) is decoded again, shrunk if need be.
    const { data, info } =
      stored !== null && stored !== Math.max(meta.width!, meta.height!) ? await grey(true) : decoded;
    // EXIF orientations 5–8 turn the picture a quarter: its displayed sides are the stored ones swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height! : meta.width!;
    const height = turned ? meta.width! : meta.height!;
    const side = workingSide(width, height);
    const longest = Math.max(width, height);
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

/** The picture in grey at the detector's working size and its own noise: what the ranker's training reads. */
export const decodeForPlates = decode;
