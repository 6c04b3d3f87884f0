import { loadCv } from '../vision/opencv';
import type { Raster } from './angle-features';

// The build has the method (OpenCV ≥ 4.3) but its declarations do not name it. Its accumulator threshold is a
// circle's perfectness (0..1), which keeps gravel and foliage from making circles where HOUGH_GRADIENT finds dozens.
const HOUGH_GRADIENT_ALT = 4;

/** A circle found in a picture: centre and radius in fractions of the picture's width (x, r) and height (y). */
export interface Circle {
  x: number;
  y: number;
  r: number;
}

/**
 * The strongest circles of a grey picture (OpenCV's Hough gradient method, at most `max`), strongest first:
 * wheels seen from the side, a wheel close up, a steering wheel. Radii from 4 % to 48 % of the short side;
 * centres at least an eighth of the width apart. Checked on drawn wheels and on noise
 * (angle-classes.test).
 */
export async function findCircles(gray: Raster, max = 6): Promise<Circle[]> {
  const { cv } = await loadCv();
  const { width: w, height: h } = gray;
  const short = Math.min(w, h);
  const src = new cv.Mat(h, w, cv.CV_8UC1);
  const blurred = new cv.Mat();
  const found = new cv.Mat();
  try {
    src.data.set(gray.data.subarray(0, w * h));
    cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.5);
    cv.HoughCircles(
      blurred,
      found,
      HOUGH_GRADIENT_ALT,
      1.5,
      w / 8,
      300,
      0.8,
      Math.round(0.04 * short),
      Math.round(0.48 * short),
    );
    const circles: Circle[] = [];
    for (let i = 0; i < Math.min(found.cols, max); i++) {
      const [x, y, r] = [found.data32F[3 * i]!, found.data32F[3 * i + 1]!, found.data32F[3 * i + 2]!];
      circles.push({ x: x / w, y: y / h, r: r / w });
    }
    return circles;
  } finally {
    src.delete();
    blurred.delete();
    found.delete();
  }
}
