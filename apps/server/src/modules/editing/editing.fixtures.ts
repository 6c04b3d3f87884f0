import sharp from 'sharp';
import type { Adapters } from '../../platform/adapters';
import { carSceneSvg, type CarAngle } from '../../seed/car-scene';
import { makeGroupStamp } from '../images/images.fixtures';

export const SCENE = { width: 800, height: 600 };

/** A demo car picture as the seed draws it, with a registration on its plate. */
export function carPhoto(angle: CarAngle, text = 'AB-123-CD'): Promise<Buffer> {
  return sharp(Buffer.from(carSceneSvg({ ...SCENE, shape: 'sedan', colour: '#8a1c1c', angle, plate: { registration: { text, country: 'F', department: '75' } } })))
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface EditableShooting {
  shootingId: string;
  productId: string;
  stampId: string;
  /** Per position: the ORIGINAL and STAMPED image ids. */
  images: { position: number; originalId: string; stampedId: string }[];
}

/**
 * A STANDARD shooting of a demo owner with a stamp of the owner's group (with its cropping configuration),
 * one ORIGINAL (the given photo) and one STAMPED image per position.
 */
export async function makeEditableShooting(
  adapters: Adapters,
  s: { ownerId: string; groupId: string; photos: Buffer[]; cropping?: { type: string; background?: Buffer; blurringValue?: number } },
): Promise<EditableShooting> {
  const { db, blobs, ids } = adapters;
  const now = adapters.clock.now().toISOString();
  const stampId = await makeGroupStamp(adapters, { groupId: s.groupId, name: 'Showroom', format: '4/3', width: 400, height: 300 });
  const backgroundKey = s.cropping?.background ? `stamps/${stampId}/background.png` : null;
  if (backgroundKey) await blobs.put(backgroundKey, s.cropping!.background!, 'image/png');
  await db
    .insertInto('stamp_configurations')
    .values({ stamp_id: stampId, cropping_type: s.cropping?.type ?? 'CROPPING', background_key: backgroundKey, blurring_value: s.cropping?.blurringValue ?? 0 })
    .execute();
  const productId = ids.uuid();
  await db
    .insertInto('products')
    .values({ id: productId, owner_id: s.ownerId, vin: `VF1EDIT${productId.slice(0, 10)}`, registration: 'AB-123-CD', brand: 'Renault', model: 'Clio', product_type: 'CAR', workflows: '["PHOTO"]', photo_state: 'DONE', created_at: now })
    .execute();
  const shootingId = ids.uuid();
  await db
    .insertInto('shootings')
    .values({ id: shootingId, product_id: productId, owner_id: s.ownerId, shooting_type: 'STANDARD', registration: 'AB-123-CD', remarketing_status: 'FINISHED', dms_status: 'NOT_SENT', dms_synced_at: null, stamp_id: stampId, format: '4/3', video_name: null, created_by: null, created_at: now })
    .execute();
  const images: EditableShooting['images'] = [];
  for (const [position, photo] of s.photos.entries()) {
    const row = { position, originalId: ids.uuid(), stampedId: ids.uuid() };
    for (const [id, type, bytes] of [
      [row.originalId, 'ORIGINAL', photo],
      [row.stampedId, 'STAMPED', await sharp(photo).resize(400, 300).jpeg().toBuffer()],
    ] as const) {
      const key = `shootings/${shootingId}/${position}-${type}.jpg`;
      await blobs.put(key, bytes, 'image/jpeg');
      await db
        .insertInto('images')
        .values({ id, shooting_id: shootingId, position, image_type: type, blob_key: key, thumbnail_key: null, format: '4/3', stamp_id: stampId, mask_id: null, is_label_image: 0, width: null, height: null, bytes: bytes.length, created_at: now, updated_at: now })
        .execute();
    }
    images.push(row);
  }
  return { shootingId, productId, stampId, images };
}

/** The stored bytes of the image of a position and type. */
export async function imageBytes(adapters: Adapters, shootingId: string, position: number, type: string): Promise<Buffer | null> {
  const row = await adapters.db.selectFrom('images').select('blob_key').where('shooting_id', '=', shootingId).where('position', '=', position).where('image_type', '=', type).executeTakeFirst();
  return row ? adapters.blobs.getBuffer(row.blob_key) : null;
}

/** Mean absolute difference of two pictures over a region, after bringing both to the same size. */
export async function regionDifference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }, size = SCENE): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map(async (x) => sharp(await sharp(x).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer()).extract(region).removeAlpha().raw().toBuffer()),
  );
  let sum = 0;
  for (let i = 0; i < ra!.length; i++) sum += Math.abs(ra![i]! - rb![i]!);
  return sum / ra!.length;
}
