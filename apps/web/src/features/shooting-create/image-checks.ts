import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, UPLOAD_CONTENT_TYPES } from '@forecourt/contracts';

/** Why a picked file cannot be sent; each has a hint under the drop zone and disables create. */
export type ImageProblem = 'tooLarge' | 'tooManyPixels' | 'unsupportedFormat' | 'unreadable';

/** Only files whose type starts with image/ are taken at all (spec section 5). */
export const isImageFile = (file: { type: string }): boolean => file.type.startsWith('image/');

/** The problems known from the file alone and from its pixel size (null while not yet read). */
export function imageProblems(
  file: { type: string; size: number },
  pixels: { width: number; height: number } | null | 'unreadable',
): ImageProblem[] {
  const problems: ImageProblem[] = [];
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) problems.push('unsupportedFormat');
  if (file.size >= MAX_IMAGE_BYTES) problems.push('tooLarge');
  if (pixels === 'unreadable') problems.push('unreadable');
  else if (pixels && pixels.width * pixels.height > MAX_IMAGE_PIXELS) problems.push('tooManyPixels');
  return problems;
}

/** Reads an image's pixel size by loading it (the browser honours its orientation; the count is the same). */
export function readImageSize(url: string): Promise<{ width: number; height: number } | 'unreadable'> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve('unreadable');
    img.src = url;
  });
}
