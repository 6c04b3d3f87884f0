import sharp from 'sharp';
import type { Adapters } from '../../platform/adapters';

/** A small JPEG with a colour of its own, as the pipeline would have stored it. */
export const jpeg = (width: number, height: number, hue: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: hue % 256, g: (hue * 7) % 256, b: 200 } } })
    .jpeg()
    .toBuffer();

let counter = 0;

/**
 * A shooting of an owner with final images: `images` lists, per position, the types present. Test factory
 * for the player, notification and benchmark code.
 */
export async function makeShooting(
  adapters: Adapters,
  opts: {
    ownerId: string;
    type?: string;
    status?: string;
    createdBy?: string;
    images?: { position: number; type: string; width?: number; height?: number }[];
    videos?: { type: string; streamer: string; reference?: string | null; blobKey?: string | null }[];
  },
): Promise<{ shootingId: string; productId: string; imageIds: string[] }> {
  const { db, blobs, ids } = adapters;
  const now = adapters.clock.now().toISOString();
  counter += 1;
  const productId = ids.uuid();
  const shootingId = ids.uuid();
  await db
    .insertInto('products')
    .values({ id: productId, owner_id: opts.ownerId, vin: `VIN${counter}`, registration: `AB-${100 + counter}-CD`, product_type: 'CAR', workflows: '[]', photo_state: 'TODO', created_at: now })
    .execute();
  await db
    .insertInto('shootings')
    .values({
      id: shootingId,
      product_id: productId,
      owner_id: opts.ownerId,
      shooting_type: opts.type ?? 'STANDARD',
      registration: `AB-${100 + counter}-CD`,
      remarketing_status: opts.status ?? 'FINISHED',
      dms_status: 'NOT_SENT',
      created_by: opts.createdBy ?? null,
      created_at: now,
    })
    .execute();
  const imageIds: string[] = [];
  for (const img of opts.images ?? []) {
    const id = ids.uuid();
    const width = img.width ?? 640;
    const height = img.height ?? 480;
    const key = `shootings/${shootingId}/${id}.jpg`;
    await blobs.put(key, await jpeg(width, height, img.position * 10 + img.type.length), 'image/jpeg');
    await db
      .insertInto('images')
      .values({ id, shooting_id: shootingId, position: img.position, image_type: img.type, blob_key: key, is_label_image: 0, width, height, created_at: now, updated_at: now })
      .execute();
    imageIds.push(id);
  }
  for (const v of opts.videos ?? []) {
    await db
      .insertInto('videos')
      .values({ id: ids.uuid(), shooting_id: shootingId, video_type: v.type, streamer: v.streamer, reference: v.reference ?? null, blob_key: v.blobKey ?? null, created_at: now })
      .execute();
  }
  return { shootingId, productId, imageIds };
}
