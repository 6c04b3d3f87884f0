import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedAccounts } from '../../seed/seed-accounts';
import { createTestAdapters } from '../../test/test-adapters';
import { FrameVariants } from './frame-variants';
import { makeShooting } from './players.fixtures';
import { listImages, type ImageRow } from './players.repo';

describe('FrameVariants', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let images: ImageRow[];

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    const { shootingId } = await makeShooting(adapters, {
      ownerId: 'own-demo-lyon',
      images: [1, 2, 3].map((position) => ({ position, type: 'STAMPED', width: 1600, height: 1200 })),
    });
    images = (await listImages(adapters.db, shootingId)).sort((a, b) => a.position - b.position);
  });
  afterAll(async () => adapters.cleanup());

  it('serves a variant asked again from memory, with no lookup and no blob read', async () => {
    const variants = new FrameVariants(adapters);
    const first = await variants.get(images[0]!, 480, 'webp');
    expect((await sharp(first.body).metadata()).width).toBe(480);
    const reads = vi.spyOn(adapters.blobs, 'getBuffer');
    const again = await variants.get(images[0]!, 480, 'webp');
    const inline = await variants.cached(images[0]!, 480, 'webp');
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    expect(again.body.equals(first.body)).toBe(true);
    expect(inline?.body.equals(first.body)).toBe(true);
  });

  it('makes a new variant when the image is replaced: its version is in the key', async () => {
    const variants = new FrameVariants(adapters);
    const before = await variants.get(images[1]!, 480, 'webp');
    const replaced = {
      ...images[1]!,
      blobKey: images[2]!.blobKey,
      updatedAt: new Date(Date.now() + 1000).toISOString(),
    };
    const after = await variants.get(replaced, 480, 'webp');
    expect(after.body.equals(before.body)).toBe(false);
  });

  it('prepares the missing widths from one read of the original, as serving them would make them, and reads nothing when all are made', async () => {
    const image = images[2]!; // 1600 px wide: 1920 and 2048 are not enlarged, both are the 1600-px rendering
    const widths = [480, 1920, 2048];
    const reads = vi.spyOn(adapters.blobs, 'getBuffer');
    const writes = vi.spyOn(adapters.blobs, 'put');
    await new FrameVariants(adapters, 0).prepare([image], widths, 'webp');
    expect(reads.mock.calls.map(([key]) => key)).toEqual([image.blobKey]);
    // 1920 and 2048 are one rendering, stored once: their variants name the same blob.
    expect(writes.mock.calls.map(([key]) => key.split('/').at(-1))).toEqual(['480.webp', '1920.webp']);
    writes.mockRestore();
    const keys = await adapters.db
      .selectFrom('image_variants')
      .select(['variant', 'blob_key'])
      .where('image_id', '=', image.id)
      .execute();
    expect(new Set(keys.filter((k) => /\/(1920|2048)\.webp$/.test(k.variant)).map((k) => k.blob_key)).size).toBe(1);
    reads.mockClear();
    await new FrameVariants(adapters, 0).prepare([image], widths, 'webp');
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    const prepared = await Promise.all(widths.map((w) => new FrameVariants(adapters, 0).get(image, w, 'webp')));
    expect(await Promise.all(prepared.map(async (v) => (await sharp(v.body).metadata()).width))).toEqual([
      480, 1600, 1600,
    ]);
    // What a visit makes of an image not prepared (a new version) is the same bytes.
    const unprepared = { ...image, updatedAt: new Date(Date.now() + 5000).toISOString() };
    const served = await Promise.all(widths.map((w) => new FrameVariants(adapters, 0).get(unprepared, w, 'webp')));
    expect(served.map((v, i) => v.body.equals(prepared[i]!.body))).toEqual([true, true, true]);
  });

  it('prepares several images width by width, the first width for all of them first, each original read once', async () => {
    const fresh = images.slice(0, 2).map((i) => ({ ...i, updatedAt: new Date(Date.now() + 9000).toISOString() }));
    const reads = vi.spyOn(adapters.blobs, 'getBuffer');
    const writes = vi.spyOn(adapters.blobs, 'put');
    await new FrameVariants(adapters, 0).prepare(fresh, [768, 480], 'webp');
    expect(reads.mock.calls.map(([key]) => key)).toEqual(fresh.map((i) => i.blobKey));
    expect(writes.mock.calls.map(([key]) => `${key.split('/')[1]} ${key.split('/').at(-1)}`)).toEqual([
      `${fresh[0]!.id} 768.webp`,
      `${fresh[1]!.id} 768.webp`,
      `${fresh[0]!.id} 480.webp`,
      `${fresh[1]!.id} 480.webp`,
    ]);
    reads.mockRestore();
    writes.mockRestore();
  });

  it('stops between variants when the worker stops, and the next run makes only what is missing', async () => {
    const fresh = { ...images[0]!, updatedAt: new Date(Date.now() + 12_000).toISOString() };
    const stop = new AbortController();
    const writes = vi.spyOn(adapters.blobs, 'put').mockImplementation(async function (this: unknown, ...args) {
      stop.abort();
      writes.mockRestore();
      return adapters.blobs.put(...args);
    });
    await expect(new FrameVariants(adapters, 0).prepare([fresh], [768, 480], 'webp', stop.signal)).rejects.toThrow(
      /stopping/,
    );
    const again = vi.spyOn(adapters.blobs, 'put');
    await new FrameVariants(adapters, 0).prepare([fresh], [768, 480], 'webp');
    expect(again.mock.calls.map(([key]) => key.split('/').at(-1))).toEqual(['480.webp']);
    again.mockRestore();
  });

  it('keeps at most its memory budget, the least recently used going first', async () => {
    const size = async (image: ImageRow) => (await new FrameVariants(adapters, 0).get(image, 480, 'webp')).body.length;
    const [a, b] = [await size(images[0]!), await size(images[1]!)];
    const variants = new FrameVariants(adapters, a + b);
    await variants.get(images[0]!, 480, 'webp');
    await variants.get(images[1]!, 480, 'webp');
    await variants.get(images[0]!, 480, 'webp');
    expect(variants.memoryUsed).toBe(a + b);
    // The third goes in, the least recently used (the second) goes out; what is left fits the budget.
    await variants.get(images[2]!, 480, 'webp');
    expect(variants.memoryUsed).toBeLessThanOrEqual(a + b);
    const reads = vi.spyOn(adapters.blobs, 'getBuffer');
    await variants.get(images[1]!, 480, 'webp');
    expect(reads).toHaveBeenCalled();
    reads.mockRestore();
    // With no budget, a variant is served but not kept.
    const none = new FrameVariants(adapters, 0);
    await none.get(images[0]!, 480, 'webp');
    expect(none.memoryUsed).toBe(0);
  });
});
