import sharp from 'sharp';
import type { VehicleMask } from './segmentation';

/** A vehicle mask as a one-channel PNG, the form it is stored in beside its crop. */
export function encodeMaskPng(mask: VehicleMask): Promise<Buffer> {
  return sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png()
    .toBuffer();
}
