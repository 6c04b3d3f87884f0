import type { Insertable } from 'kysely';
import sharp from 'sharp';
import type { ImagesTable, VideosTable } from '../../db/schema';
import type { Adapters } from '../../platform/adapters';
import { recordShooting } from './shooting-scope.service';

let counter = 0;

const jpeg = (hue: number, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: hue % 256, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

export interface ShootingSpec {
  ownerId: string;
  productId?: string;
  registration?: string;
  vin?: string;
  productType?: string;
  type?: string;
  status?: string;
  createdAt?: string;
  createdBy?: string | null;
  stampId?: string | null;
  brand?: string | null;
  model?: string | null;
  workflows?: string[];
  photoState?: string;
  /** Per image: position and type; each gets a real JPEG blob (64 × 48, or the given bytes or size). */
  images?: {
    position: number;
    type: string;
    width?: number;
    height?: number;
    bytes?: Buffer;
    stampId?: string | null;
  }[];
  /** Whether each image gets a thumbnail too (the default). */
  thumbnails?: boolean;
  videos?: {
    type: string;
    streamer: string;
    url?: string | null;
    reference?: string | null;
    blobKey?: string | null;
  }[];
}

/**
 * The one shooting builder of the test suites: a product (reused when productId is given) and a shooting
 * with image and video rows and their files. The players and editing fixtures build on it.
 */
export async function makeShooting(adapters: Adapters, spec: ShootingSpec) {
  const { db, blobs, ids } = adapters;
  counter += 1;
  const now = spec.createdAt ?? adapters.clock.now().toISOString();
  const registration = (spec.registration ?? `FX-${String(counter).padStart(3, '0')}-AA`).toUpperCase();
  const productId = spec.productId ?? ids.uuid();
  if (!spec.productId) {
    await db
      .insertInto('products')
      .values({
        id: productId,
        owner_id: spec.ownerId,
        vin: spec.vin ?? `VF1TEST${String(counter).padStart(10, '0')}`,
        registration,
        brand: spec.brand === undefined ? 'Renault' : spec.brand,
        model: spec.model === undefined ? 'Clio' : spec.model,
        product_type: spec.productType ?? 'CAR',
        workflows: JSON.stringify(spec.workflows ?? ['PHOTO']),
        photo_state: spec.photoState ?? 'DONE',
        created_at: now,
      })
      .execute();
  }
  const shootingId = ids.uuid();
  const images: { id: string; key: string; thumbKey: string | null; position: number; type: string }[] = [];
  const imageRows: Insertable<ImagesTable>[] = [];
  for (const img of spec.images ?? []) {
    const id = ids.uuid();
    const key = `shootings/${shootingId}/images/${id}.jpg`;
    const thumbKey = spec.thumbnails === false ? null : `shootings/${shootingId}/thumbnails/${id}.jpg`;
    const width = img.width ?? 64;
    const height = img.height ?? 48;
    const bytes = img.bytes ?? (await jpeg(img.position * 20 + img.type.length, width, height));
    await blobs.put(key, bytes, 'image/jpeg');
    if (thumbKey) await blobs.put(thumbKey, await jpeg(img.position), 'image/jpeg');
    imageRows.push({
      id,
      shooting_id: shootingId,
      position: img.position,
      image_type: img.type,
      blob_key: key,
      thumbnail_key: thumbKey,
      format: '4/3',
      stamp_id: img.stampId ?? null,
      mask_id: null,
      is_label_image: 0,
      width: img.bytes ? null : width,
      height: img.bytes ? null : height,
      bytes: img.bytes ? img.bytes.length : null,
      created_at: now,
      updated_at: now,
    });
    images.push({ id, key, thumbKey, position: img.position, type: img.type });
  }
  const videos: { id: string; blobKey: string | null }[] = [];
  const videoRows: Insertable<VideosTable>[] = [];
  for (const v of spec.videos ?? []) {
    const id = ids.uuid();
    if (v.blobKey) await blobs.put(v.blobKey, Buffer.from('fake-mp4'), 'video/mp4');
    videoRows.push({
      id,
      shooting_id: shootingId,
      video_type: v.type,
      streamer: v.streamer,
      url: v.url ?? null,
      reference: v.reference ?? null,
      blob_key: v.blobKey ?? null,
      created_at: now,
    });
    videos.push({ id, blobKey: v.blobKey ?? null });
  }
  // Written as the seed writes its shootings, through the shootings module.
  await recordShooting(db, {
    shooting: {
      id: shootingId,
      product_id: productId,
      owner_id: spec.ownerId,
      shooting_type: spec.type ?? 'STANDARD',
      registration,
      remarketing_status: spec.status ?? 'FINISHED',
      dms_status: 'NOT_SENT',
      dms_synced_at: null,
      stamp_id: spec.stampId ?? null,
      format: '4/3',
      video_name: null,
      created_by: spec.createdBy ?? null,
      created_at: now,
    },
    images: imageRows,
    videos: videoRows,
  });
  return { shootingId, productId, ownerId: spec.ownerId, registration, images, videos };
}

export async function makeStamp(adapters: Adapters, groupId: string, name: string): Promise<string> {
  const id = adapters.ids.uuid();
  await adapters.db
    .insertInto('stamps')
    .values({
      id,
      group_id: groupId,
      name,
      format: '4/3',
      width: 800,
      height: 600,
      overlay_key: `stamps/${id}/overlay.png`,
      created_at: adapters.clock.now().toISOString(),
    })
    .execute();
  return id;
}
