import { FRAME_WIDTHS, type FrameWidth } from '@forecourt/contracts/player-media';

/**
 * The narrowest variant at least as wide as the pixels the spin covers (CSS width × device pixel ratio),
 * so phones get small files and high-density screens stay sharp.
 */
export function pickFrameWidth(cssWidth: number, devicePixelRatio: number): FrameWidth {
  const needed = Math.ceil(cssWidth * Math.min(Math.max(devicePixelRatio, 1), 3));
  return FRAME_WIDTHS.find((w) => w >= needed) ?? FRAME_WIDTHS[FRAME_WIDTHS.length - 1]!;
}

/** Wraps a frame index into 0..count-1, in both directions. */
export const wrapFrame = (index: number, count: number): number => ((Math.round(index) % count) + count) % count;

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const clampZoom = (z: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

/** Keeps a zoomed image covering its box: the pan may move at most the overflow on each side. */
export function clampPan(
  pan: { x: number; y: number },
  zoom: number,
  box: { width: number; height: number },
): { x: number; y: number } {
  const maxX = ((zoom - 1) * box.width) / 2;
  const maxY = ((zoom - 1) * box.height) / 2;
  return { x: Math.min(maxX, Math.max(-maxX, pan.x)), y: Math.min(maxY, Math.max(-maxY, pan.y)) };
}
