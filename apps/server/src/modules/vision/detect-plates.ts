import sharp from 'sharp';
import { loadCv } from './opencv';
import { detectPlatesInGray, type PlateCandidate } from './plate-detector';

export interface PlateDetectionResult {
  width: number;
  height: number;
  plates: PlateCandidate[];
}

/** Plates in an encoded image (JPEG, PNG, WebP), in the pixels of the image as displayed (EXIF-rotated). */
export async function detectPlates(image: Buffer): Promise<PlateDetectionResult> {
  const { cv } = await loadCv();
  const { data, info } = await sharp(image).rotate().grayscale().raw().toBuffer({ resolveWithObject: true });
  const plates = detectPlatesInGray(cv, {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  });
  return { width: info.width, height: info.height, plates };
}
