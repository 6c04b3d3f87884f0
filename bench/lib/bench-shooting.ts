// The rows a bench writes straight into a fresh data folder before it starts a server or a worker: a
// product of the demo dealer own-demo-paris with one shooting, and the shooting's images. Written as rows
// (not through the API) so that the setup costs nothing the bench measures; what a bench leaves out is NULL
// (or the column's default), as a row the server writes would hold.
import type { Adapters } from '../../apps/server/src/platform/adapters';
import type { Db } from '../../apps/server/src/platform/db/database';

export const BENCH_OWNER_ID = 'own-demo-paris';

export interface BenchShooting {
  id: string;
  productId: string;
  vin: string;
  /** The product's and the shooting's. */
  registration: string;
  createdAt: string;
  /** CAR unless told. */
  productType?: string;
  brand?: string;
  model?: string;
  /** The product's workflows as stored (JSON): ["PHOTO"] unless told. */
  workflows?: string;
  /** STANDARD unless told. */
  type?: string;
  /** The remarketing status: FINISHED unless told. */
  status?: string;
  stampId?: string;
  format?: string;
  createdBy?: string;
}

/** A product (photo workflow done) and its one shooting, not sent to the DMS. */
export async function insertProductAndShooting(db: Db, s: BenchShooting): Promise<void> {
  await db
    .insertInto('products')
    .values({
      id: s.productId,
      owner_id: BENCH_OWNER_ID,
      vin: s.vin,
      registration: s.registration,
      brand: s.brand ?? null,
      model: s.model ?? null,
      product_type: s.productType ?? 'CAR',
      workflows: s.workflows ?? '["PHOTO"]',
      photo_state: 'DONE',
      created_at: s.createdAt,
    })
    .execute();
  await db
    .insertInto('shootings')
    .values({
      id: s.id,
      product_id: s.productId,
      owner_id: BENCH_OWNER_ID,
      shooting_type: s.type ?? 'STANDARD',
      registration: s.registration,
      remarketing_status: s.status ?? 'FINISHED',
      dms_status: 'NOT_SENT',
      stamp_id: s.stampId ?? null,
      format: s.format ?? null,
      created_by: s.createdBy ?? null,
      created_at: s.createdAt,
    })
    .execute();
}

export interface BenchImage {
  id: string;
  shootingId: string;
  position: number;
  type: string;
  blobKey: string;
  thumbnailKey?: string;
  format?: string;
  stampId?: string;
  width?: number;
  height?: number;
  bytes?: number;
  createdAt: string;
}

/** An image row (not a label image) whose file the caller has stored at blobKey. */
export async function insertImage(db: Db, image: BenchImage): Promise<void> {
  await db
    .insertInto('images')
    .values({
      id: image.id,
      shooting_id: image.shootingId,
      position: image.position,
      image_type: image.type,
      blob_key: image.blobKey,
      thumbnail_key: image.thumbnailKey ?? null,
      format: image.format ?? null,
      stamp_id: image.stampId ?? null,
      is_label_image: 0,
      width: image.width ?? null,
      height: image.height ?? null,
      bytes: image.bytes ?? null,
      created_at: image.createdAt,
      updated_at: image.createdAt,
    })
    .execute();
}

/**
 * Stores `file` as the ORIGINAL picture at `position`, as an upload leaves it (with its `thumbnail` when
 * given), and writes its row; answers the image's id.
 */
export async function storeOriginal(
  adapters: Pick<Adapters, 'db' | 'blobs' | 'ids'>,
  image: Omit<BenchImage, 'id' | 'type' | 'blobKey' | 'thumbnailKey'> & { file: Buffer; thumbnail?: Buffer },
): Promise<string> {
  const { file, thumbnail, ...row } = image;
  const id = adapters.ids.uuid();
  const key = `shootings/${image.shootingId}/${image.position}-ORIGINAL.jpg`;
  await adapters.blobs.put(key, file, 'image/jpeg');
  if (thumbnail) await adapters.blobs.put(`${key}-thumb.jpg`, thumbnail, 'image/jpeg');
  await insertImage(adapters.db, {
    ...row,
    id,
    type: 'ORIGINAL',
    blobKey: key,
    thumbnailKey: thumbnail ? `${key}-thumb.jpg` : undefined,
  });
  return id;
}
