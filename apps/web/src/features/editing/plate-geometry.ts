import type { PixelPoint, PlateCorners } from '@forecourt/contracts';

/** The plate drawn by dragging from one point to another: the rectangle they span, corners clockwise. */
export const rectangle = (a: PixelPoint, b: PixelPoint): PlateCorners => {
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
};

/** A plate added without a pointer: plate-shaped, in the middle of the picture, for its corners to be moved. */
export const centredPlate = (width: number, height: number): PlateCorners =>
  rectangle({ x: width * 0.4, y: height * 0.46 }, { x: width * 0.6, y: height * 0.54 });

const ARROWS: Record<string, PixelPoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * A corner moved by an arrow key: a step of 1/200 of the picture's longer side, ten with Shift, kept on the
 * picture; null for any other key.
 */
export function cornerMovedByKey(
  corner: PixelPoint,
  key: string,
  shift: boolean,
  size: { width: number; height: number },
): PixelPoint | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = (Math.max(size.width, size.height) / 200) * (shift ? 10 : 1);
  return {
    x: Math.max(0, Math.min(size.width, corner.x + arrow.x * step)),
    y: Math.max(0, Math.min(size.height, corner.y + arrow.y * step)),
  };
}
