import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { ReportModel, ReportPhoto } from './report-model';
import { recordVariant, variantKey } from '../players/image-variants.service';

export interface ReportImages {
  logo: Buffer | null;
  /** Photos by image id, re-encoded small enough for print; a photo whose blob is gone is left out. */
  photos: Map<string, Buffer>;
}

/**
 * Photos print about 6 cm wide: 400 pixels give 170 dpi, and let libvips decode large JPEGs at a
 * quarter of their size, which is most of the time a report takes.
 */
const PHOTO_WIDTH = 400;

interface ImageDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
}

/**
 * The print copy of a photo, made once per image file and kept as a blob (in the players' image_variants cache), so
 * that the other languages and every rebuild after a data change skip the decoding.
 */
async function photoForPrint(deps: ImageDeps, shootingId: string, photo: ReportPhoto): Promise<Buffer | null> {
  const version = createHash('sha256').update(photo.blobKey).digest('hex').slice(0, 16);
  const variant = `report/${version}/${PHOTO_WIDTH}.jpg`;
  const cachedKey = await variantKey(deps.db, photo.imageId, variant);
  const cached = cachedKey ? await deps.blobs.getBuffer(cachedKey) : null;
  if (cached) return cached;
  const printable = await shrink(deps.blobs, photo.blobKey);
  if (!printable) return null;
  const key = `shootings/${shootingId}/reports/photos/${photo.imageId}-${version}-${PHOTO_WIDTH}.jpg`;
  await deps.blobs.put(key, printable, 'image/jpeg');
  await recordVariant(deps.db, {
    imageId: photo.imageId,
    variant,
    blobKey: key,
    bytes: printable.length,
    now: deps.clock.now().toISOString(),
  });
  return printable;
}

async function shrink(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const bytes = await blobs.getBuffer(key);
  if (!bytes) return null;
  try {
    return await sharp(bytes, { failOn: 'none' })
      .rotate()
      .resize({ width: PHOTO_WIDTH, height: PHOTO_WIDTH, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: false })
      .toBuffer();
  } catch {
    return null;
  }
}

/** pdfkit reads PNG and JPEG only: logos in other formats (SVG, WebP) are converted to PNG. */
async function logoForPrint(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const bytes = await blobs.getBuffer(key);
  if (!bytes) return null;
  try {
    return await sharp(bytes, { failOn: 'none' })
      .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Loads and shrinks the logo and every photo the report shows, one at a time: each image libvips works
 * on at once takes memory the C heap then keeps, so shrinking two at a time cost ~10 MB more peak RSS
 * (`npm run bench -- reports`) to save a part of the first report's time.
 */
export async function loadReportImages(deps: ImageDeps, shootingId: string, model: ReportModel): Promise<ReportImages> {
  const wanted = new Map<string, ReportPhoto>();
  for (const p of [...model.damages.map((d) => d.photo), ...model.items.map((i) => i.photo), ...model.gallery]) {
    if (p) wanted.set(p.imageId, p);
  }
  const logo = model.owner.logoKey ? await logoForPrint(deps.blobs, model.owner.logoKey) : null;
  const photos = new Map<string, Buffer>();
  for (const [imageId, photo] of wanted) {
    const buffer = await photoForPrint(deps, shootingId, photo);
    if (buffer) photos.set(imageId, buffer);
  }
  return { logo, photos };
}
