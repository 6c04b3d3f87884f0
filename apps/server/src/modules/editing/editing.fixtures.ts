import sharp from 'sharp';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { SCENE } from '../../test/car-photo';
import { startTestApp } from '../../test/start-test-app';
import type { createTestAdapters } from '../../test/test-adapters';
import type { TestAdapters } from '../../test/test-app';
import { makeGroupStamp } from '../images/images.fixtures';
import { makeShooting } from '../shootings/shootings.fixtures';

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
  s: {
    ownerId: string;
    groupId: string;
    photos: Buffer[];
    cropping?: { type: string; background?: Buffer; blurringValue?: number };
  },
): Promise<EditableShooting> {
  const { db, blobs, ids } = adapters;
  const stampId = await makeGroupStamp(adapters, {
    groupId: s.groupId,
    name: 'Showroom',
    format: '4/3',
    width: 400,
    height: 300,
  });
  const backgroundKey = s.cropping?.background ? `stamps/${stampId}/background.png` : null;
  if (backgroundKey) await blobs.put(backgroundKey, s.cropping!.background!, 'image/png');
  await db
    .insertInto('stamp_configurations')
    .values({
      stamp_id: stampId,
      cropping_type: s.cropping?.type ?? 'CROPPING',
      background_key: backgroundKey,
      blurring_value: s.cropping?.blurringValue ?? 0,
    })
    .execute();
  const stamped = await Promise.all(s.photos.map((photo) => sharp(photo).resize(400, 300).jpeg().toBuffer()));
  const made = await makeShooting(adapters, {
    ownerId: s.ownerId,
    registration: 'AB-123-CD',
    vin: `VF1EDIT${ids.uuid().slice(0, 10)}`,
    stampId,
    thumbnails: false,
    images: s.photos.flatMap((photo, position) => [
      { position, type: 'ORIGINAL', bytes: photo, stampId },
      { position, type: 'STAMPED', bytes: stamped[position]!, stampId },
    ]),
  });
  const idOf = (position: number, type: string) =>
    made.images.find((i) => i.position === position && i.type === type)!.id;
  const images: EditableShooting['images'] = s.photos.map((_, position) => ({
    position,
    originalId: idOf(position, 'ORIGINAL'),
    stampedId: idOf(position, 'STAMPED'),
  }));
  const { shootingId, productId } = made;
  return { shootingId, productId, stampId, images };
}

/** The plain blue set the cropping suites' stamps compose on. */
export const blueSet = (): Promise<Buffer> =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: '#1060c0' } })
    .png()
    .toBuffer();

/**
 * The editing suites' start: fresh adapters with the demo accounts, the app on them, an editable shooting
 * of the demo Paris owner with these photos (and cropping configuration), and the demo manager's headers.
 */
export async function setupEditing(
  s: { photos: Buffer[]; cropping?: { type: string; background?: Buffer; blurringValue?: number } },
  overrides: Parameters<typeof createTestAdapters>[1] = {},
): Promise<{ adapters: TestAdapters; app: App; shooting: EditableShooting; manager: Record<string, string> }> {
  const { adapters, app, headers } = await startTestApp({}, overrides);
  const shooting = await makeEditableShooting(adapters, { ownerId: 'own-demo-paris', groupId: 'grp-demo', ...s });
  return { adapters, app, shooting, manager: await headers('manager@demo.forecourt.test') };
}

/** The stored bytes of the image of a position and type. */
export async function imageBytes(
  adapters: Adapters,
  shootingId: string,
  position: number,
  type: string,
): Promise<Buffer | null> {
  const row = await adapters.db
    .selectFrom('images')
    .select('blob_key')
    .where('shooting_id', '=', shootingId)
    .where('position', '=', position)
    .where('image_type', '=', type)
    .executeTakeFirst();
  return row ? adapters.blobs.getBuffer(row.blob_key) : null;
}

/** Mean absolute difference of two pictures over a region, after bringing both to the same size. */
export async function regionDifference(
  a: Buffer,
  b: Buffer,
  region: { left: number; top: number; width: number; height: number },
  size = SCENE,
): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map(async (x) =>
      sharp(await sharp(x).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer())
        .extract(region)
        .removeAlpha()
        .raw()
        .toBuffer(),
    ),
  );
  let sum = 0;
  for (let i = 0; i < ra!.length; i++) sum += Math.abs(ra![i]! - rb![i]!);
  return sum / ra!.length;
}
