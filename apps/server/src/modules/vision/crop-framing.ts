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

// The studio framing, as a studio with a fixed camera frames every picture of a car: the car has the same
// height on every picture of a shooting (its height does not change with the angle it is seen from, its length
// does), its wheels on the same floor line a little more than halfway down the floor, its roof below the upper
// half of the wall where the dealer's sign hangs. That height is the one at which a side view (a car about
// SIDE_VIEW_ASPECT times as long as it is tall) fills FILL_WIDTH of the width, so the widest view fits too.
const FILL_WIDTH = 0.9;
const SIDE_VIEW_ASPECT = 2.6;
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

/** The set's lines for a canvas whose floor begins at `floorLevel` percent of the height, in canvas pixels. */
export function studioLines(canvas: Size, floorLevel: number) {
  const { width: W, height: H } = canvas;
  const floor = Math.min(0.95, Math.max(0.05, floorLevel / 100));
  const wheels = (floor + (1 - floor) * WHEELS_DOWN_THE_FLOOR) * H;
  const roof = floor * SIGN_SHARE_OF_WALL * H;
  /** Every whole car's height on the set. */
  const carHeight = Math.min(wheels - roof, (FILL_WIDTH * W) / SIDE_VIEW_ASPECT);
  return { wheels, roof: wheels - carHeight, carHeight, maxWidth: FILL_WIDTH * W };
}

/**
 * Where the vehicle goes on a set of the canvas's size whose floor begins at `floorLevel` percent of the
 * height: centred, at the set's car height (enlarged or reduced as needed: a small photo is framed like a
 * large one), its wheels on the set's floor line. Only a view wider than the set allows is reduced to fit,
 * its wheels still on the line. A side the photo cuts off is laid on the canvas's edge, so the cut does not
 * float in the set; a car cut at the bottom stands on the canvas's bottom edge, one cut at the top (its height
 * unknown) is framed by its width.
 */
export function frameVehicle(box: VehicleBox, source: Size, canvas: Size, floorLevel: number): Placement {
  const { width: W, height: H } = canvas;
  const lines = studioLines(canvas, floorLevel);
  const bw = box.right - box.left + 1;
  const bh = box.bottom - box.top + 1;
  const cut = cutSides(box, source);

  const bottom = cut.bottom ? H : lines.wheels;
  let scale: number;
  if (cut.left && cut.right) scale = W / bw;
  else if (cut.top || cut.bottom) scale = Math.min(lines.maxWidth / bw, (bottom - lines.roof) / bh);
  else scale = Math.min(lines.carHeight / bh, lines.maxWidth / bw);

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
