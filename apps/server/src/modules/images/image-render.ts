import sharp from 'sharp';

/** What a stamp contributes to a render: the output size and the overlay frame drawn over the photo. */
export interface StampTemplate {
  width: number;
  height: number;
  /** PNG (or any format sharp reads) with transparency; resized to width × height when it differs. */
  overlay: Buffer;
}

export const THUMBNAIL_WIDTH = 320;
const JPEG = { quality: 85, chromaSubsampling: '4:2:0' } as const;

// Overlays are reused for every image of a shooting: fit each one to its size once, keyed by the buffer.
const fittedOverlays = new WeakMap<Buffer, Map<string, Promise<Buffer>>>();

function fitOverlay(overlay: Buffer, width: number, height: number): Promise<Buffer> {
  let bySize = fittedOverlays.get(overlay);
  if (!bySize) fittedOverlays.set(overlay, (bySize = new Map()));
  const size = `${width}x${height}`;
  let fitted = bySize.get(size);
  if (!fitted) {
    fitted = (async () => {
      const meta = await sharp(overlay).metadata();
      if (meta.width === width && meta.height === height) return overlay;
      return sharp(overlay).resize(width, height, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer();
    })();
    bySize.set(size, fitted);
    fitted.catch(() => bySize.delete(size));
  }
  return fitted;
}

/**
 * The STAMPED rendering of a photo: oriented as its EXIF says, cropped to cover the stamp's size, the
 * overlay composited on top, encoded as JPEG. No metadata is copied, so no location leaves with it.
 */
export async function stampImage(original: Buffer, stamp: StampTemplate): Promise<Buffer> {
  const overlay = await fitOverlay(stamp.overlay, stamp.width, stamp.height);
  return sharp(original)
    .autoOrient()
    .resize(stamp.width, stamp.height, { fit: 'cover', position: 'centre' })
    .composite([{ input: overlay }])
    .jpeg(JPEG)
    .toBuffer();
}

/** Format and size of an encoded image, or null when it cannot be read. */
export async function imageInfo(image: Buffer): Promise<{ format: string; width: number; height: number } | null> {
  const meta = await sharp(image)
    .metadata()
    .catch(() => null);
  return meta?.format && meta.width && meta.height ? { format: meta.format, width: meta.width, height: meta.height } : null;
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
 * The same JPEG without its metadata segments, byte for byte otherwise: no decoding, no quality lost.
 * Used for upright JPEGs, where nothing but the metadata has to change.
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
  parts.push(jpeg.subarray(at));
  return Buffer.concat(parts);
}

export interface PreparedOriginal {
  data: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/**
 * The ORIGINAL as stored, and its thumbnail, from an upload already checked by its header. An upright JPEG
 * keeps its pixels and loses its metadata without re-encoding; anything else is turned upright and
 * re-encoded. Either way the whole image is decoded once (the thumbnail at reduced scale for a JPEG), with
 * damaged data and more than maxPixels pixels refused.
 */
export async function prepareOriginal(image: Buffer, format: StoredFormat, maxPixels: number): Promise<PreparedOriginal> {
  const meta = await sharp(image, { limitInputPixels: maxPixels }).metadata();
  if (format === 'jpeg' && (meta.orientation ?? 1) === 1) {
    const data = stripJpegMetadata(image);
    const thumbnail = await sharp(data, { limitInputPixels: maxPixels, failOn: 'truncated' }).resize({ width: THUMBNAIL_WIDTH }).jpeg(JPEG).toBuffer();
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
  const pipeline = sharp(image, { limitInputPixels: maxPixels, failOn: 'truncated' }).autoOrient();
  const encoded = format === 'png' ? pipeline.png() : format === 'webp' ? pipeline.webp({ quality: 92 }) : pipeline.jpeg({ quality: 92 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
