import { type Box } from './plate-detector';
import type { Point } from './geometry';
export interface TruthSample {
    image: string;
    boxes: Box[];
}
/** The samples of a folder in the plates data set layout: NAME.jpg beside NAME.txt (file x y w h text). */
export declare function readTruth(folder: string): TruthSample[];
/** Truth boxes found (IoU >= 0.5 with some detection) and detections that match some truth box. */
export declare function scoreDetections(detections: readonly (readonly Point[])[], truth: Box[]): {
    found: number;
    correct: number;
};
