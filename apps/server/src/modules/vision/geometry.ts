export interface Point {
  x: number;
  y: number;
}

/** Four corners, clockwise from the top left. */
export type Quad = [Point, Point, Point, Point];

/** Corners of a rectangle of the given size centred on `centre`, turned by `angle` radians. */
export function rotatedCorners(centre: Point, width: number, height: number, angle: number): Quad {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const at = (dx: number, dy: number): Point => ({
    x: centre.x + dx * cos - dy * sin,
    y: centre.y + dx * sin + dy * cos,
  });
  const w = width / 2;
  const h = height / 2;
  return [at(-w, -h), at(w, -h), at(w, h), at(-w, h)];
}
