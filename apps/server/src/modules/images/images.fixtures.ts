import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import type { JobDefinition } from '../../platform/queue/queue';

/** A stamp of a group with a real overlay: transparent, with an opaque band along its top. */
export async function makeGroupStamp(
  adapters: Adapters,
  s: { groupId: string; name: string; format?: '4/3' | '16/9'; width?: number; height?: number },
): Promise<string> {
  const id = adapters.ids.uuid();
  const width = s.width ?? 320;
  const height = s.height ?? 180;
  const band = await sharp({
    create: { width, height: 10, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const overlay = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: band, top: 0, left: 0 }])
    .png()
    .toBuffer();
  const key = `stamps/${id}/overlay.png`;
  await adapters.blobs.put(key, overlay, 'image/png');
  await adapters.db
    .insertInto('stamps')
    .values({
      id,
      group_id: s.groupId,
      name: s.name,
      format: s.format ?? '16/9',
      width,
      height,
      overlay_key: key,
      created_at: adapters.clock.now().toISOString(),
    })
    .execute();
  return id;
}

/** A real photo-like JPEG, different for each seed. */
export function jpegPhoto(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 120 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A PNG whose header claims width × height pixels while its data is one tiny image: a pixel flood. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 2, height: 2, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  );
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), ..., CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Steps 2 and 3 of sending a shooting through the API: presigned URLs, then each PUT. Answers the urls to register. */
export async function uploadFiles(
  app: App,
  headers: Record<string, string>,
  productId: string,
  files: { bytes: Buffer; contentType: string }[],
  ids: () => string,
): Promise<string[]> {
  const presign = await app.inject({
    method: 'POST',
    url: `/api/products/${productId}/shootings/generate_presigned_urls`,
    headers,
    payload: { images: files.map((f) => ({ id: ids(), contentType: f.contentType })) },
  });
  if (presign.statusCode !== 201) throw new Error(`presign answered ${presign.statusCode}: ${presign.body}`);
  const entries = presign.json<{ images: { presignedUrl: string; url: string }[] }>().images;
  for (const [n, entry] of entries.entries()) {
    const put = await app.inject({
      method: 'PUT',
      url: entry.presignedUrl,
      headers: { 'content-type': files[n]!.contentType },
      payload: files[n]!.bytes,
    });
    if (put.statusCode !== 200) throw new Error(`PUT answered ${put.statusCode}: ${put.body}`);
  }
  return entries.map((e) => e.url);
}

/**
 * A shooting of `photos` JPEGs sent through the API as the portal sends one (a virtual product of the demo
 * stock in Lyon, presigned uploads, registration with the stamp), its pipeline queued but not run.
 */
export async function registerPhotoShooting(
  app: App,
  headers: Record<string, string>,
  s: {
    userId: string;
    stampId: string;
    registration: string;
    photos: number;
    width: number;
    height: number;
    workflows?: string[];
  },
): Promise<{ productId: string; shootingId: string }> {
  const product = await app.inject({
    method: 'POST',
    url: '/api/products/virtuals',
    headers,
    payload: {
      vin: `Virtual_${randomUUID()}`,
      ownerId: 'own-demo-lyon',
      registration: s.registration,
      workflows: s.workflows ?? ['PHOTO'],
    },
  });
  const productId = product.json<{ id: string }>().id;
  const files = await Promise.all(
    Array.from({ length: s.photos }, async (_, n) => ({
      bytes: await jpegPhoto(s.width, s.height, n + 1),
      contentType: 'image/jpeg',
    })),
  );
  const urls = await uploadFiles(app, headers, productId, files, randomUUID);
  const res = await app.inject({
    method: 'POST',
    url: `/api/owners/own-demo-lyon/products/${productId}/shootings`,
    headers,
    payload: {
      images: urls.map((url, order) => ({ url, order, imageType: 'ORIGINAL', format: '16/9', stampId: s.stampId })),
      userId: s.userId,
      shootingType: 'standard',
    },
  });
  if (res.statusCode !== 201) throw new Error(`registration answered ${res.statusCode}: ${res.body}`);
  return { productId, shootingId: res.json<{ id: string }>().id };
}

/**
 * Runs queued jobs of the given definitions in this process until none is ready. A job that throws is failed in
 * the queue (retried or dead, as a worker's would be) and rethrown, unless `keepGoing` (failures are what the
 * test looks at).
 */
export async function drainJobs(
  adapters: Adapters,
  definitions: JobDefinition[],
  opts: { keepGoing?: boolean } = {},
): Promise<void> {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const worker = 'test-drain';
  for (;;) {
    const [job] = await adapters.queue.claim(worker, [...byName.keys()], 1);
    if (!job) return;
    const def = byName.get(job.name)!;
    try {
      await def.handler(def.schema.parse(JSON.parse(job.payload)), {
        jobId: job.id,
        attempt: job.attempts,
        signal: new AbortController().signal,
      });
      await adapters.queue.complete(job.id, worker);
    } catch (err) {
      await adapters.queue.fail(job, worker, (err as Error).message);
      if (!opts.keepGoing) throw err;
    }
  }
}

/** Where the shooting's pictures stand in their processing (`remarketing_status`), as the list shows it. */
export async function processingStatusOf(adapters: Adapters, shootingId: string): Promise<string> {
  const row = await adapters.db
    .selectFrom('shootings')
    .select('remarketing_status')
    .where('id', '=', shootingId)
    .executeTakeFirstOrThrow();
  return row.remarketing_status;
}

/** A real ZIP archive holding one stored file, with an archive comment (the last bytes of the file). */
export function zipArchive(name: string, content: Buffer, comment: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localSize, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([local, fileName, content, central, fileName, end, comment]);
}
