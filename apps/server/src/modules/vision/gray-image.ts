/** One byte a pixel, row by row. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The image at half its size, each pixel the mean of a 2 × 2 block (an odd last row or column is dropped). */
export function halve(image: GrayImage): GrayImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = new Uint8Array(width * height);
  const src = image.data;
  const stride = image.width;
  for (let y = 0; y < height; y++) {
    const a = 2 * y * stride;
    const b = a + stride;
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const i = 2 * x;
      data[o] = (src[a + i]! + src[a + i + 1]! + src[b + i]! + src[b + i + 1]! + 2) >> 2;
    }
  }
  return { width, height, data };
}

/**
 * The standard deviation of the image's noise, by Immerkær's estimate ("Fast noise variance estimation",
 * 1996): the mean absolute response to a Laplacian difference kernel that cancels edges and smooth shading
 * and keeps the pixel-to-pixel noise. Every fourth row is enough (a few hundred thousand samples on a photo).
 */
export function noiseLevel(image: GrayImage): number {
  const { width, height, data } = image;
  if (width < 3 || height < 3) return 0;
  let total = 0;
  let rows = 0;
  for (let y = 1; y < height - 1; y += 4) {
    const up = (y - 1) * width;
    const row = y * width;
    const down = (y + 1) * width;
    for (let x = 1; x < width - 1; x++) {
      const r =
        data[up + x - 1]! -
        2 * data[up + x]! +
        data[up + x + 1]! -
        2 * (data[row + x - 1]! - 2 * data[row + x]! + data[row + x + 1]!) +
        data[down + x - 1]! -
        2 * data[down + x]! +
        data[down + x + 1]!;
      total += r < 0 ? -r : r;
    }
    rows += 1;
  }
  return (Math.sqrt(Math.PI / 2) * total) / (6 * rows * (width - 2));
}
