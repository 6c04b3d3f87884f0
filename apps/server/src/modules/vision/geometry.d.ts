export interface Point {
    x: number;
    y: number;
}
/** Four corners, clockwise from the top left. */
export type Quad = [Point, Point, Point, Point];
/** Corners of a rectangle of the given size centred on `centre`, turned by `angle` radians. */
export declare function rotatedCorners(centre: Point, width: number, height: number, angle: number): Quad;
