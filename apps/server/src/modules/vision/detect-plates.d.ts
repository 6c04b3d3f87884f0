import { type PlateCandidate } from './plate-detector';
export interface PlateDetectionResult {
    width: number;
    height: number;
    plates: PlateCandidate[];
}
/** Plates in an encoded image (JPEG, PNG, WebP), in the pixels of the image as displayed (EXIF-rotated). */
export declare function detectPlates(image: Buffer): Promise<PlateDetectionResult>;
