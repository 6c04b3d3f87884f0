/** A dark connected component of the thresholded image: a possible character. */
export interface Blob {
    x: number;
    y: number;
    w: number;
    h: number;
    area: number;
}
/**
 * Rows of character-like blobs: neighbours of similar height on one line with a gap no wider than a
 * character is tall. A licence plate is such a row; so is much other text, which the scoring sorts out.
 */
export declare function groupCharacters(blobs: Blob[]): Blob[][];
