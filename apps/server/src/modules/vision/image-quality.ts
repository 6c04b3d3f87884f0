import type { QualityWarning } from '@forecourt/contracts';
import sharp from 'sharp';
import { loadCv, withMats } from './opencv';
import type { VehicleMask } from './segmentation';

export interface QualityReport {
  /** Variance of the Laplacian of the grey picture at 1024 px: low means few sharp edges. */
  sharpness: number;
  /** Share of nearly black and nearly white pixels. */
  darkShare: number;
  brightShare: number;
  /** For cropped pictures: share of the picture the vehicle covers, and the sides of the frame it touches. */
  vehicleShare?: number;
  touchedEdges?: ('left' | 'right' | 'top')[];
  warnings: QualityWarning[];
}

const ANALYSIS_WIDTH = 1024;
const BLUR_LIMIT = 40;
const CLIPPED_SHARE = 0.35;

/**
 * Blur and exposure checks of a picture (and of its vehicle mask when it was cropped). With a mask, blur and
 * exposure are read on the vehicle only: the ground around it is replaced by the stamp's background, so a
 * bright studio floor or a dark parking lot is nothing the dealer can act on; the car is.
 */
export async function checkQuality(image: Buffer, mask?: VehicleMask): Promise<QualityReport> {
  const { cv } = await loadCv();
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width: ANALYSIS_WIDTH, withoutEnlargement: true })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const vehicle = mask ? await resizedAlpha(mask, info.width, info.height) : null;
  const counted = vehicle && vehicle.some((v) => v >= 128) ? vehicle : null;
  const sharpness = withMats((track) => {
    const gray = track(new cv.Mat(info.height, info.width, cv.CV_8UC1));
    gray.data.set(data);
    const laplacian = track(new cv.Mat());
    cv.Laplacian(gray, laplacian, cv.CV_64F, 1, 1, 0, cv.BORDER_DEFAULT);
    const mean = track(new cv.Mat());
    const std = track(new cv.Mat());
    if (counted) {
      const region = track(new cv.Mat(info.height, info.width, cv.CV_8UC1));
      region.data.set(counted.map((v) => (v >= 128 ? 255 : 0)));
      cv.meanStdDev(laplacian, mean, std, region);
    } else cv.meanStdDev(laplacian, mean, std);
    return std.data64F[0]! ** 2;
  });
  let dark = 0;
  let bright = 0;
  let pixels = 0;
  for (let i = 0; i < data.length; i++) {
    if (counted && counted[i]! < 128) continue;
    pixels += 1;
    const v = data[i]!;
    if (v < 16) dark += 1;
    else if (v > 245) bright += 1;
  }
  const report: QualityReport = {
    sharpness: Math.round(sharpness),
    darkShare: round(dark / Math.max(1, pixels)),
    brightShare: round(bright / Math.max(1, pixels)),
    warnings: [],
  };
  if (sharpness < BLUR_LIMIT) report.warnings.push('BLURRY');
  if (report.darkShare > CLIPPED_SHARE) report.warnings.push('UNDEREXPOSED');
  if (report.brightShare > CLIPPED_SHARE) report.warnings.push('OVEREXPOSED');
  if (mask) Object.assign(report, checkMask(await reduced(mask), report.warnings));
  return report;
}

/** The mask's alpha at the analysed picture's size. */
async function resizedAlpha(mask: VehicleMask, width: number, height: number): Promise<Uint8Array> {
  if (mask.width === width && mask.height === height) return mask.alpha;
  return sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** The mask at the analysis width: shares and touched edges read the same, in a fraction of the time. */
async function reduced(mask: VehicleMask): Promise<VehicleMask> {
  if (mask.width <= ANALYSIS_WIDTH) return mask;
  const width = ANALYSIS_WIDTH;
  const height = Math.max(1, Math.round((mask.height * ANALYSIS_WIDTH) / mask.width));
  const alpha = await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { width, height, alpha };
}

/** The mask of a sound crop covers a fair share of the frame and does not run off its sides or top. */
function checkMask(
  mask: VehicleMask,
  warnings: QualityWarning[],
): Pick<QualityReport, 'vehicleShare' | 'touchedEdges'> {
  const { width, height, alpha } = mask;
  let solid = 0;
  for (const v of alpha) if (v >= 128) solid += 1;
  const share = (count: number, length: number) => count / Math.max(1, length);
  let left = 0;
  let right = 0;
  let top = 0;
  for (let y = 0; y < height; y++) {
    if (alpha[y * width]! >= 128) left += 1;
    if (alpha[y * width + width - 1]! >= 128) right += 1;
  }
  for (let x = 0; x < width; x++) if (alpha[x]! >= 128) top += 1;
  // The floor edge is left out: a car standing on the bottom of the frame is normal.
  const touchedEdges = (
    [
      ['left', share(left, height)],
      ['right', share(right, height)],
      ['top', share(top, width)],
    ] as const
  )
    .filter(([, s]) => s > 0.05)
    .map(([side]) => side);
  const vehicleShare = round(share(solid, width * height));
  if (vehicleShare < 0.03) warnings.push('VEHICLE_TOO_SMALL');
  if (vehicleShare > 0.9) warnings.push('VEHICLE_TOO_LARGE');
  if (touchedEdges.length) warnings.push('VEHICLE_CUT_OFF');
  return { vehicleShare, touchedEdges: [...touchedEdges] };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
