import sharp from 'sharp';
import type { StampDesign } from '@forecourt/contracts';
import { stampDesignSvg } from './stamp-design';

/** The output size of each stamp format (the demo stamps have the same). */
export const STAMP_SIZE = {
  '4/3': { width: 1600, height: 1200 },
  '16/9': { width: 1920, height: 1080 },
} as const;

/** A composed design rendered to the overlay PNG a stamp stores; `logo` is the chosen stock's logo, if any. */
export async function renderDesignOverlay(
  design: StampDesign,
  size: { width: number; height: number },
  logo: Buffer | null,
): Promise<Buffer> {
  let logoRef = null;
  if (logo) {
    const png = await sharp(logo).png().toBuffer({ resolveWithObject: true });
    logoRef = {
      dataUrl: `data:image/png;base64,${png.data.toString('base64')}`,
      aspect: png.info.width / png.info.height,
    };
  }
  const svg = stampDesignSvg(design, size.width, size.height, logoRef);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** An uploaded overlay fitted to the stamp's size, as PNG. */
export const fitUploadedOverlay = (png: Buffer, size: { width: number; height: number }) =>
  sharp(png).resize(size.width, size.height, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();

/** The background the cropped vehicle is set on: a plain colour or an uploaded picture, at the stamp's size. */
export function renderBackground(
  source: { colour: string } | { image: Buffer },
  size: { width: number; height: number },
): Promise<Buffer> {
  const pipeline =
    'colour' in source
      ? sharp({ create: { width: size.width, height: size.height, channels: 3, background: source.colour } })
      : sharp(source.image).autoOrient().resize(size.width, size.height, { fit: 'cover' });
  return pipeline.jpeg({ quality: 85 }).toBuffer();
}
