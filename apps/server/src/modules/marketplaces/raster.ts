/** One byte a pixel (mask) or three (colour), row by row. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}
