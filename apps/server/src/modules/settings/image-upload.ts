import sharp from 'sharp';
import type { ImageUpload } from '@forecourt/contracts';
import { IMAGE_UPLOAD_MAX_BYTES } from '@forecourt/contracts';
import { badRequest } from '../../platform/errors';
import { endsWithItsImage } from '../../platform/uploads/image-end';

/** A request carrying an image as base64 in JSON: up to 8 MB decoded. */
export const IMAGE_BODY_LIMIT = 12 * 1024 * 1024;

export type UploadFormat = 'png' | 'jpeg' | 'webp';
const CONTENT_TYPES: Record<UploadFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const MAX_PIXELS = 4096 * 4096;

export interface CheckedImage {
  bytes: Buffer;
  format: UploadFormat;
  contentType: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/**
 * The bytes of an uploaded image, decoded whole to prove they are one: a PNG, JPEG or WebP of at most
 * 8 MB and 4096 × 4096 pixels, in one of `formats`, with nothing behind the picture's own end. Anything
 * else is a 400 naming what was wrong.
 */
export async function checkedImage(upload: ImageUpload, formats: readonly UploadFormat[]): Promise<CheckedImage> {
  const base64 = upload.data.replace(/^data:[^,]*,/, '');
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length || bytes.length > IMAGE_UPLOAD_MAX_BYTES)
    throw badRequest('The image is empty or larger than 8 MB');
  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  const format = meta?.format as UploadFormat | undefined;
  if (!meta || !format || !formats.includes(format) || !meta.width || !meta.height) {
    throw badRequest(`The file is not an image of an accepted type (${formats.join(', ')})`, { field: 'image' });
  }
  const damaged = () => badRequest('The image is damaged', { field: 'image', reason: 'CORRUPT_IMAGE' });
  // The header may lie: decoding every pixel is what proves the file is the image it says.
  await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'warning' })
    .raw()
    .toBuffer()
    .catch(() => {
      throw damaged();
    });
  // Bytes past the image's end (a JPEG+ZIP or PNG+ZIP polyglot) are refused as any damaged picture is:
  // the decoder reads the picture and ignores them.
  if (!endsWithItsImage(bytes, format)) throw damaged();
  return {
    bytes,
    format,
    contentType: CONTENT_TYPES[format],
    width: meta.width,
    height: meta.height,
    hasAlpha: Boolean(meta.hasAlpha),
  };
}
