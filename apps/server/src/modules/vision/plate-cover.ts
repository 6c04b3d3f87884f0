import sharp, { type OverlayOptions } from 'sharp';
import { plateCoverSvg, PLATE_RATIO } from './plate-cover-svg';
import { DIGITAL_SOURCE, digitalSourceXmp } from './digital-source';
import type { Quad } from './geometry';
import { loadCv, withMats } from './opencv';

const COVER_WIDTH = 1040;

/** The cover used when the owner has configured none: a clean plate with the dealer's name. */
export function defaultPlateCover(dealerName: string): Promise<Buffer> {
  const height = Math.round(COVER_WIDTH * PLATE_RATIO);
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${height}">${plateCoverSvg(dealerName, '#1d3f8f', COVER_WIDTH)}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/**
 * The photo with the cover warped onto each plate quadrilateral (a perspective transform from the cover's
 * corners to the plate's), encoded as JPEG without the photo's metadata, marked in its XMP as a composite
 * (digital-source.ts). Corners are in the photo's upright pixels.
 */
export async function applyPlateCover(image: Buffer, plates: Quad[], cover: Buffer): Promise<Buffer> {
  const { cv } = await loadCv();
  const coverRaw = await sharp(cover).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: cw, height: ch } = coverRaw.info;
  const photo = sharp(image, { failOn: 'truncated' }).rotate();
  const { width, height } = await photo
    .clone()
    .metadata()
    .then(async (m) =>
      (m.orientation ?? 1) >= 5 ? { width: m.height!, height: m.width! } : { width: m.width!, height: m.height! },
    );
  const overlays: OverlayOptions[] = [];
  for (const quad of plates) {
    // Only the plate's bounding box is warped, not a layer the size of the photo.
    const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))));
    const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))));
    const x1 = Math.min(width, Math.ceil(Math.max(...quad.map((p) => p.x))) + 1);
    const y1 = Math.min(height, Math.ceil(Math.max(...quad.map((p) => p.y))) + 1);
    if (x1 - x0 < 2 || y1 - y0 < 2) continue;
    const warped = withMats((track) => {
      const src = track(new cv.Mat(ch, cw, cv.CV_8UC4));
      src.data.set(coverRaw.data);
      const from = track(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, cw, 0, cw, ch, 0, ch]));
      const to = track(
        cv.matFromArray(
          4,
          1,
          cv.CV_32FC2,
          quad.flatMap((p) => [p.x - x0, p.y - y0]),
        ),
      );
      const transform = track(cv.getPerspectiveTransform(from, to));
      const out = track(new cv.Mat());
      cv.warpPerspective(
        src,
        out,
        transform,
        new cv.Size(x1 - x0, y1 - y0),
        cv.INTER_LINEAR,
        cv.BORDER_CONSTANT,
        new cv.Scalar(0, 0, 0, 0),
      );
      return Buffer.from(out.data);
    });
    overlays.push({ input: warped, raw: { width: x1 - x0, height: y1 - y0, channels: 4 }, left: x0, top: y0 });
  }
  return photo
    .composite(overlays)
    .withXmp(digitalSourceXmp(DIGITAL_SOURCE.plateCovered))
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
