import type { Point, Quad } from './geometry';

/** The vehicle's box in the photo's upright pixels, edges included. */
export interface VehicleBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Where a cropped photo's pixels land on the set: canvas = photo × scale + (dx, dy). */
export interface Placement {
  scale: number;
  dx: number;
  dy: number;
}

// The studio framing, as CarCutter-like services frame a car: about four fifths of the width, the wheels
// a little more than halfway down the floor, and the upper half of the wall left to the dealer's sign.
const FILL_WIDTH = 0.78;
const WHEELS_DOWN_THE_FLOOR = 0.55;
const SIGN_SHARE_OF_WALL = 0.5;
// A box within this many pixels of the photo's edge is cut off there: the car runs out of the photo.
const EDGE = 2;

/** Which sides of the photo cut the vehicle off. */
export function cutSides(box: VehicleBox, source: Size) {
  return {
    left: box.left <= EDGE,
    right: box.right >= source.width - 1 - EDGE,
    top: box.top <= EDGE,
    bottom: box.bottom >= source.height - 1 - EDGE,
  };
}

/**
 * Where the vehicle goes on a set of the canvas's size whose floor begins at `floorLevel` percent of the
 * height: centred, at a consistent width, its wheels on the floor below the horizon and its roof below the
 * wall's sign, never enlarged beyond the photo's own resolution. A side the photo cuts off is laid on the
 * canvas's edge, so the cut does not float in the set.
 */
export function frameVehicle(box: VehicleBox, source: Size, canvas: Size, floorLevel: number): Placement {
  const { width: W, height: H } = canvas;
  const floor = Math.min(0.95, Math.max(0.05, floorLevel / 100));
  const wheels = (floor + (1 - floor) * WHEELS_DOWN_THE_FLOOR) * H;
  const roof = floor * SIGN_SHARE_OF_WALL * H;
  const bw = box.right - box.left + 1;
  const bh = box.bottom - box.top + 1;
  const cut = cutSides(box, source);

  const bottom = cut.bottom ? H : wheels;
  let scale = cut.left && cut.right ? W / bw : Math.min((FILL_WIDTH * W) / bw, (bottom - roof) / bh);
  scale = Math.min(1, scale);

  let dx: number;
  if (cut.left && !cut.right) dx = -box.left * scale;
  else if (cut.right && !cut.left) dx = W - (box.right + 1) * scale;
  else dx = (W - bw * scale) / 2 - box.left * scale;
  const dy = bottom - (box.bottom + 1) * scale;
  return { scale, dx, dy };
}

export const placePoint = (p: Point, at: Placement): Point => ({
  x: p.x * at.scale + at.dx,
  y: p.y * at.scale + at.dy,
});

/** A plate's corners in the photo, moved to where the composition put the photo's pixels. */
export const placeQuad = (quad: Quad, at: Placement): Quad => quad.map((p) => placePoint(p, at)) as Quad;

/** The photo's pixels kept as they were: the placement of cropped images made before framing existed. */
export const IN_PLACE: Placement = { scale: 1, dx: 0, dy: 0 };
