import sharp from 'sharp';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { imageVersion } from './player-media';
import { findVariant, saveVariant, type ImageRow } from './players.repo';

export type VariantFormat = 'webp' | 'jpg';

const CONTENT_TYPE: Record<VariantFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export interface Variant {
  body: Buffer;
  contentType: string;
}

/**
 * Resized copies of shooting images for the public player, made once and kept as blobs (the
 * image_variants table says which exist). Concurrent requests for the same variant share one resize.
 */
export class FrameVariants {
  private readonly inFlight = new Map<string, Promise<Variant>>();
  private readonly sizes = new Map<string, { width: number; height: number }>();

  constructor(
    private readonly deps: { db: Db; blobs: BlobStore; clock: Clock },
  ) {}

  async get(image: ImageRow, width: number, format: VariantFormat): Promise<Variant> {
    const variant = `${imageVersion(image)}/${width}.${format}`;
    const key = `${image.id}/${variant}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.load(image, variant, width, format).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /** A variant already made, or null: for when waiting for it to be made is not worth it. */
  async cached(image: ImageRow, width: number, format: VariantFormat): Promise<Variant | null> {
    const existing = await findVariant(this.deps.db, image.id, `${imageVersion(image)}/${width}.${format}`);
    const body = existing ? await this.deps.blobs.getBuffer(existing) : null;
    return body ? { body, contentType: CONTENT_TYPE[format] } : null;
  }

  /** Width and height of an image, read from its bytes when the row does not have them yet. */
  async size(image: ImageRow): Promise<{ width: number; height: number }> {
    if (image.width && image.height) return { width: image.width, height: image.height };
    const cacheKey = `${image.id}/${imageVersion(image)}`;
    const known = this.sizes.get(cacheKey);
    if (known) return known;
    const buf = await this.deps.blobs.getBuffer(image.blobKey);
    const meta = buf ? await sharp(buf).metadata() : null;
    const size = { width: meta?.autoOrient?.width ?? meta?.width ?? 0, height: meta?.autoOrient?.height ?? meta?.height ?? 0 };
    this.sizes.set(cacheKey, size);
    return size;
  }

  private async load(image: ImageRow, variant: string, width: number, format: VariantFormat): Promise<Variant> {
    const { db, blobs, clock } = this.deps;
    const existing = await findVariant(db, image.id, variant);
    if (existing) {
      const body = await blobs.getBuffer(existing);
      if (body) return { body, contentType: CONTENT_TYPE[format] };
    }
    const original = await blobs.getBuffer(image.blobKey);
    if (!original) throw new Error(`Image blob ${image.blobKey} is missing`);
    const resized = sharp(original).rotate().resize({ width, withoutEnlargement: true });
    const body =
      format === 'webp'
        ? await resized.webp({ quality: 78, effort: 3 }).toBuffer()
        : await resized.jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
    const blobKey = `player-variants/${image.id}/${variant}`;
    await blobs.put(blobKey, body, CONTENT_TYPE[format]);
    await saveVariant(db, { imageId: image.id, variant, blobKey, bytes: body.length, now: clock.now().toISOString() });
    return { body, contentType: CONTENT_TYPE[format] };
  }
}
