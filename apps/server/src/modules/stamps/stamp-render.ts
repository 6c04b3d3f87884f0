import sharp from 'sharp';
import { digitalSourceTypeOf, digitalSourceXmp } from '../vision/digital-source';

/** What a stamp contributes to a render: the output size and the overlay frame drawn over the photo. */
export interface StampTemplate {
  width: number;
  height: number;
  /** PNG (or any format sharp reads) with transparency; resized to width × height when it differs. */
  overlay: Buffer;
}

const JPEG = { quality: 85, chromaSubsampling: '4:2:0' } as const;

// Overlays are reused for every image of a shooting: fit each one to its size once, keyed by the buffer.
const fittedOverlays = new WeakMap<Buffer, Map<string, Promise<Buffer>>>();

function fitOverlay(overlay: Buffer, width: number, height: number): Promise<Buffer> {
  let bySize = fittedOverlays.get(overlay);
  if (!bySize) fittedOverlays.set(overlay, (bySize = new Map()));
  const size = `${width}x${height}`;
  let fitted = bySize.get(size);
  if (!fitted) {
    fitted = (async () => {
      const meta = await sharp(overlay).metadata();
      if (meta.width === width && meta.height === height) return overlay;
      return sharp(overlay).resize(width, height, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer();
    })();
    bySize.set(size, fitted);
    fitted.catch(() => bySize.delete(size));
  }
  return fitted;
}

/**
 * The STAMPED rendering of a photo: oriented as its EXIF says, cropped to cover the stamp's size, the
 * overlay composited on top, encoded as JPEG. No metadata is copied, so no location leaves with it; only
 * an edited source's digital source type (vision/digital-source.ts) is written again, so the stamped copy
 * of a covered or cropped picture still says it was edited.
 */
export async function stampImage(original: Buffer, stamp: StampTemplate): Promise<Buffer> {
  const [overlay, meta] = await Promise.all([
    fitOverlay(stamp.overlay, stamp.width, stamp.height),
    sharp(original).metadata(),
  ]);
  const edited = digitalSourceTypeOf(meta.xmp);
  const pipeline = sharp(original)
    .autoOrient()
    .resize(stamp.width, stamp.height, { fit: 'cover', position: 'centre' })
    .composite([{ input: overlay }]);
  return (edited ? pipeline.withXmp(digitalSourceXmp(edited)) : pipeline).jpeg(JPEG).toBuffer();
}
