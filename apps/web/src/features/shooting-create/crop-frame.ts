import type { Format } from '@forecourt/contracts';

/** The width / height of each stamp format: the stamped picture is the photo cut to it, centred. */
const RATIO: Record<Format, number> = { '4/3': 4 / 3, '16/9': 16 / 9 };

/**
 * What stamping a photo of this size to the format cuts off (the server's `fit: cover`, centred): the share of
 * the photo's width lost on each side, or of its height at top and bottom. Under a pixel is no cut.
 */
export interface CropFrame {
  axis: 'sides' | 'topBottom';
  /** Share of the photo's width (sides) or height (top and bottom) cut on EACH side, 0 to 0.5. */
  perSide: number;
}

export function cropFrame(size: { width: number; height: number }, format: Format): CropFrame | null {
  const ratio = size.width / size.height;
  const target = RATIO[format];
  if (ratio > target) {
    const kept = size.height * target;
    const cut = (size.width - kept) / 2;
    return cut >= 1 ? { axis: 'sides', perSide: cut / size.width } : null;
  }
  const kept = size.width / target;
  const cut = (size.height - kept) / 2;
  return cut >= 1 ? { axis: 'topBottom', perSide: cut / size.height } : null;
}

/** A cut a dealer should see before sending: one that takes at least 1 % off a side. */
export const isNoticeableCut = (frame: CropFrame | null): frame is CropFrame => frame !== null && frame.perSide >= 0.01;
