import type { Cv } from './opencv';
import { type Point, type Quad } from './geometry';
export interface PlateCandidate {
    corners: Quad;
    /** 0..1: how plate-like the region looks (character row, contrast, plain background). */
    confidence: number;
}
export interface GrayImage {
    width: number;
    height: number;
    /** One byte a pixel, row by row. */
    data: Uint8Array;
}
/** Licence plates found in a grayscale image, best first, corners in the image's own pixels. */
export declare function detectPlatesInGray(cv: Cv, image: GrayImage): PlateCandidate[];
export interface Box {
    x: number;
    y: number;
    w: number;
    h: number;
}
export declare const bounds: (quad: readonly Point[]) => Box;
export declare const boxIoU: (a: Box, b: Box) => number;
