import sharp from 'sharp';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { pixelGate } from '../../platform/pixels/pixel-gate';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { imageVersion } from './player-media';
import { findVariant, findVariants, saveVariant } from './image-variants.repo';
import type { ImageRow } from './players.repo';

export type VariantFormat = 'webp' | 'jpg';

const CONTENT_TYPE: Record<VariantFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export interface Variant {
  body: Buffer;
  contentType: string;
}

/** Originals a player link's job keeps between its widths, at most this much (a stamped 1600-px JPEG is ~0.3 MB). */
const ORIGINALS_HELD_BYTES = 48 * 1024 * 1024;

/** The bytes of recently served variants kept in memory, at most this much (a 768-px WebP is ~20 KB). */
const MEMORY_BYTES = 32 * 1024 * 1024;

/**
 * Resized copies of shooting images for the public player, made once and kept as blobs (the
 * image_variants table says which exist). Concurrent requests for the same variant share one resize.
 * The ones served lately are also kept in memory (least recently used out past MEMORY_BYTES): a shared
 * player's frames are asked for by every visitor, and each ask was a database lookup and a blob-store read
 * (on S3, a round trip and the SDK's work on the event loop). A variant's name holds its image's version,
 * so a kept copy is never stale, whichever process replaced the image.
 */
export class FrameVariants {
  private readonly inFlight = new Map<string, Promise<Variant>>();
  private readonly sizes = new Map<string, { width: number; height: number }>();
  private readonly recent = new Map<string, Variant>();
  private recentBytes = 0;

  constructor(
    private readonly deps: { db: Db; blobs: BlobStore; clock: Clock },
    private readonly memoryBytes = MEMORY_BYTES,
  ) {}

  async get(image: ImageRow, width: number, format: VariantFormat): Promise<Variant> {
    const variant = `${imageVersion(image)}/${width}.${format}`;
    const key = `${image.id}/${variant}`;
    const kept = this.take(key);
    if (kept) return kept;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.load(image, variant, width, format)
      .then((v) => this.keep(key, v))
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /** A variant already made, or null: for when waiting for it to be made is not worth it. */
  async cached(image: ImageRow, width: number, format: VariantFormat): Promise<Variant | null> {
    const variant = `${imageVersion(image)}/${width}.${format}`;
    const key = `${image.id}/${variant}`;
    const kept = this.take(key);
    if (kept) return kept;
    const existing = await findVariant(this.deps.db, image.id, variant);
    const body = existing ? await this.deps.blobs.getBuffer(existing) : null;
    return body ? this.keep(key, { body, contentType: CONTENT_TYPE[format] }) : null;
  }

  /** Bytes of variants held in memory now (for tests). */
  get memoryUsed(): number {
    return this.recentBytes;
  }

  private take(key: string): Variant | undefined {
    const hit = this.recent.get(key);
    if (hit) {
      // Most recently used last: the map's order is the eviction order.
      this.recent.delete(key);
      this.recent.set(key, hit);
    }
    return hit;
  }

  private keep(key: string, variant: Variant): Variant {
    if (variant.body.length > this.memoryBytes || this.recent.has(key)) return variant;
    this.recent.set(key, variant);
    this.recentBytes += variant.body.length;
    for (const [oldest, v] of this.recent) {
      if (this.recentBytes <= this.memoryBytes) break;
      this.recent.delete(oldest);
      this.recentBytes -= v.body.length;
    }
    return variant;
  }

  /** Width and height of an image, read from its bytes when the row does not have them yet. */
  async size(image: ImageRow): Promise<{ width: number; height: number }> {
    if (image.width && image.height) return { width: image.width, height: image.height };
    const cacheKey = `${image.id}/${imageVersion(image)}`;
    const known = this.sizes.get(cacheKey);
    if (known) return known;
    const buf = await this.deps.blobs.getBuffer(image.blobKey);
    const meta = buf ? await sharp(buf).metadata() : null;
    const size = {
      width: meta?.autoOrient?.width ?? meta?.width ?? 0,
      height: meta?.autoOrient?.height ?? meta?.height ?? 0,
    };
    this.sizes.set(cacheKey, size);
    return size;
  }

  /**
   * Makes the variants of a player's images that are not made yet, ahead of the first visit (the player
   * link's job), width by width in the order of `widths` (the most asked first, for every image, before the
   * next width): a visitor opening the link while the job runs finds the frames they ask for. Each original
   * is read from the store once for all its widths (kept for the job while the originals fit in
   * ORIGINALS_HELD_BYTES, else read again), variants already made are not read at all, and the widths at
   * or past an image's own width are the same pixels (never enlarged): encoded and stored once, their
   * variants all name that blob.
   */
  async prepare(
    images: readonly ImageRow[],
    widths: readonly number[],
    format: VariantFormat,
    signal?: AbortSignal,
  ): Promise<void> {
    const todo = await Promise.all(
      images.map(async (image) => {
        const version = imageVersion(image);
        const name = (width: number) => `${version}/${width}.${format}`;
        const made = new Set(await findVariants(this.deps.db, image.id, widths.map(name)));
        return {
          image,
          name,
          missing: new Set(widths.filter((w) => !made.has(name(w)))),
          original: null as Buffer | null,
          ownWidth: Infinity,
          atOwnWidth: null as { blobKey: string; bytes: number } | null,
        };
      }),
    );
    let held = 0;
    for (const width of widths) {
      for (const t of todo) {
        if (!t.missing.has(width)) continue;
        // A stopping worker gets the job back at its next start; what is made stays made.
        if (signal?.aborted) throw new Error('The worker is stopping; the other variants are made at the next run');
        if (t.atOwnWidth && width >= t.ownWidth) {
          await saveVariant(this.deps.db, {
            imageId: t.image.id,
            variant: t.name(width),
            ...t.atOwnWidth,
            now: this.deps.clock.now().toISOString(),
          });
          continue;
        }
        let original = t.original;
        if (!original) {
          original = await this.deps.blobs.getBuffer(t.image.blobKey);
          if (!original) throw new Error(`Image blob ${t.image.blobKey} is missing`);
          const meta = await sharp(original).metadata();
          t.ownWidth = meta.autoOrient?.width ?? meta.width ?? Infinity;
          if (held + original.length <= ORIGINALS_HELD_BYTES) {
            t.original = original;
            held += original.length;
          }
        }
        const source = original;
        // Made ahead of any visitor: it yields to the pixel work of requests (platform/pixels/pixel-gate.ts).
        const body = await pixelGate.run('background', () => encodeVariant(source, width, format));
        const blobKey = await this.store(t.image, t.name(width), format, body);
        if (width >= t.ownWidth) t.atOwnWidth = { blobKey, bytes: body.length };
      }
    }
  }

  private async load(image: ImageRow, variant: string, width: number, format: VariantFormat): Promise<Variant> {
    const { db, blobs } = this.deps;
    const existing = await findVariant(db, image.id, variant);
    if (existing) {
      const body = await blobs.getBuffer(existing);
      if (body) return { body, contentType: CONTENT_TYPE[format] };
    }
    const original = await blobs.getBuffer(image.blobKey);
    if (!original) throw new Error(`Image blob ${image.blobKey} is missing`);
    // A visitor waits for this one: it goes before the jobs' pixel work.
    const body = await pixelGate.run('request', () => encodeVariant(original, width, format));
    await this.store(image, variant, format, body);
    return { body, contentType: CONTENT_TYPE[format] };
  }

  private async store(image: ImageRow, variant: string, format: VariantFormat, body: Buffer): Promise<string> {
    const blobKey = `player-variants/${image.id}/${variant}`;
    await this.deps.blobs.put(blobKey, body, CONTENT_TYPE[format]);
    await saveVariant(this.deps.db, {
      imageId: image.id,
      variant,
      blobKey,
      bytes: body.length,
      now: this.deps.clock.now().toISOString(),
    });
    return blobKey;
  }
}

/** An image upright at `width` (never enlarged), encoded for the player. */
function encodeVariant(original: Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const resized = sharp(original).rotate().resize({ width, withoutEnlargement: true });
  return format === 'webp'
    ? resized.webp({ quality: 78, effort: 3 }).toBuffer()
    : resized.jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
}
