import sharp from 'sharp';

export const THUMBNAIL_WIDTH = 320;
const JPEG = { quality: 85, chromaSubsampling: '4:2:0' } as const;

/** Format and size of an encoded image, or null when it cannot be read. */
export async function imageInfo(image: Buffer): Promise<{ format: string; width: number; height: number } | null> {
  const meta = await sharp(image)
    .metadata()
    .catch(() => null);
  return meta?.format && meta.width && meta.height
    ? { format: meta.format, width: meta.width, height: meta.height }
    : null;
}

/** The small JPEG the list and gallery show: 320 px wide, oriented, without metadata. */
export function makeThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image).autoOrient().resize({ width: THUMBNAIL_WIDTH }).jpeg(JPEG).toBuffer();
}

export type StoredFormat = 'jpeg' | 'png' | 'webp';

/**
 * The ORIGINAL as stored: pixels turned upright by their EXIF orientation, re-encoded in its own format
 * without any metadata (GPS location included), so nothing but pixels survives from the upload. Throws on
 * damaged data or on more than maxPixels pixels, before decoding them.
 */
// JPEG segments kept by stripJpegMetadata: JFIF (APP0), ICC profile (APP2), Adobe colour transform (APP14)
// and every non-APPn segment (tables, frame, scan). EXIF and XMP (APP1), IPTC (APP13) and comments go.
const KEPT_APP_MARKERS = new Set([0xe0, 0xe2, 0xee]);

/**
 * Index just past the end-of-image marker closing the image stream whose first scan starts at `at`, or -1
 * when the stream never closes. Entropy-coded data escapes 0xFF as FF 00, so the first real EOI marker is
 * the end of the image whatever bytes follow it; the tables and scans between a progressive JPEG's
 * passes are skipped by their length, so their bytes are never read as markers.
 */
function endOfImageStream(jpeg: Buffer, at: number): number {
  let i = at;
  while (i + 1 < jpeg.length) {
    if (jpeg[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = jpeg[i + 1]!;
    if (marker === 0xff) i++;
    else if (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) i += 2;
    else if (marker === 0xd9) return i + 2;
    else if (i + 4 > jpeg.length) return -1;
    else i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return -1;
}

/**
 * The same JPEG without its metadata segments, byte for byte otherwise: no decoding, no quality lost. It
 * ends at the image stream's own end marker: whatever was sent after it (a ZIP of a polyglot, a phone's
 * trailer) is not kept. Throws when the stream has no end. Used for upright JPEGs, where nothing but the
 * metadata has to change.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) break; // start of scan: the rest is image data
    const length = jpeg.readUInt16BE(at + 2);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && !KEPT_APP_MARKERS.has(marker)) && marker !== 0xfe) parts.push(jpeg.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  const end = endOfImageStream(jpeg, at);
  if (end < 0) throw new Error('The JPEG image stream has no end');
  parts.push(jpeg.subarray(at, end));
  return Buffer.concat(parts);
}

export interface PreparedOriginal {
  data: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
}

// Registration decodes with the strictness of the pipeline (sharp's default `failOn: 'warning'`): a file
// libjpeg only warns about ("premature end of data segment") would otherwise be accepted here and then
// kill every stamp job of its shooting.
const STRICT = 'warning' as const;

/**
 * The ORIGINAL as stored, and its thumbnail, from an upload already checked by its header. What is stored
 * is only what was decoded: an upright JPEG keeps its pixels, cut at the end of its image stream and
 * without metadata, and is decoded whole for its thumbnail; anything else is turned upright and
 * re-encoded. Damaged or truncated data and more than maxPixels pixels throw.
 */
export async function prepareOriginal(
  image: Buffer,
  format: StoredFormat,
  maxPixels: number,
): Promise<PreparedOriginal> {
  const meta = await sharp(image, { limitInputPixels: maxPixels }).metadata();
  if (format === 'jpeg' && (meta.orientation ?? 1) === 1) {
    const data = stripJpegMetadata(image);
    const thumbnail = await sharp(data, { limitInputPixels: maxPixels, failOn: STRICT })
      .resize({ width: THUMBNAIL_WIDTH })
      .jpeg(JPEG)
      .toBuffer();
    return { data, width: meta.width, height: meta.height, thumbnail };
  }
  const normalized = await normalizeOriginal(image, format, maxPixels);
  return { ...normalized, thumbnail: await makeThumbnail(normalized.data) };
}

export async function normalizeOriginal(
  image: Buffer,
  format: StoredFormat,
  maxPixels = 3840 * 2160 - 1,
): Promise<{ data: Buffer; width: number; height: number }> {
  const pipeline = sharp(image, { limitInputPixels: maxPixels, failOn: STRICT }).autoOrient();
  const encoded =
    format === 'png'
      ? pipeline.png()
      : format === 'webp'
        ? pipeline.webp({ quality: 92 })
        : pipeline.jpeg({ quality: 92 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
