import type { ImageRefusalCode } from '@forecourt/contracts';
import sharp, { type Metadata } from 'sharp';
import { imageEnd, onlyPaddingAfter } from '../../platform/uploads/image-end';
import type { StoredFormat } from './image-render';

export interface ImageLimits {
  maxBytes: number;
  /** The largest pixel count accepted (width × height). */
  maxPixels: number;
}

export type Inspection =
  | { ok: true; format: StoredFormat; width: number; height: number }
  | { ok: false; code: ImageRefusalCode; message: string };

const refuse = (code: ImageRefusalCode, message: string): Inspection => ({ ok: false, code, message });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the leading bytes announce; the file name and the declared content type are not trusted. */
function sniff(bytes: Buffer): StoredFormat | 'svg' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<?xml') || head.startsWith('<svg') || head.includes('<svg')) return 'svg';
  return null;
}

/**
 * Checks an uploaded file before decoding its pixels: a JPEG, PNG or WebP by its signature (and the one it
 * was declared as), within the byte limit, and with a pixel count read from its header within the pixel
 * limit, so that a pixel flood is refused before anything decodes it; and with nothing after the image's
 * own end (JPEG EOI, PNG IEND, the WebP RIFF size): a polyglot (an image with a ZIP behind it) is refused as
 * an unreadable image. `prepareOriginal` still decodes it fully and stores only what it decoded.
 */
export async function inspectImage(bytes: Buffer, limits: ImageLimits, declaredType?: string): Promise<Inspection> {
  if (bytes.length > limits.maxBytes) return refuse('TOO_LARGE', `The file is larger than ${limits.maxBytes} bytes`);
  const format = sniff(bytes);
  if (format === 'svg')
    return refuse('UNSUPPORTED_FORMAT', 'SVG images are not accepted: send a JPEG, PNG or WebP photo');
  if (!format) return refuse('NOT_AN_IMAGE', 'The file is not a JPEG, PNG or WebP image');
  if (declaredType && declaredType !== `image/${format}`) {
    return refuse('TYPE_MISMATCH', `The file is a ${format.toUpperCase()} image but was sent as ${declaredType}`);
  }
  const end = imageEnd(bytes, format);
  if (end === null) return refuse('CORRUPT_IMAGE', 'The image is truncated or damaged: it cannot be decoded');
  if (!onlyPaddingAfter(bytes, end))
    return refuse('CORRUPT_IMAGE', 'The image is truncated or damaged: its file goes on past the end of the picture');
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit is needed yet; the limit is applied just below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse('CORRUPT_IMAGE', 'The image header cannot be read');
  }
  if (meta.format !== format || !meta.width || !meta.height)
    return refuse('NOT_AN_IMAGE', 'The file is not a JPEG, PNG or WebP image');
  if ((meta.pages ?? 1) > 1) return refuse('UNSUPPORTED_FORMAT', 'Animated images are not accepted');
  if (meta.width * meta.height > limits.maxPixels) {
    return refuse(
      'TOO_MANY_PIXELS',
      `The image has ${meta.width} × ${meta.height} pixels, more than the ${limits.maxPixels} allowed`,
    );
  }
  return { ok: true, format, width: meta.width, height: meta.height };
}
