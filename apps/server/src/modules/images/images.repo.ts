import type { ImageType } from '@forecourt/contracts';
import { sql, type Selectable } from 'kysely';
import type { ImagesTable } from '../../db/schema';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

// ---- upload grants ----

export interface GrantRow {
  blobKey: string;
  userId: string;
  productId: string;
  contentType: string;
  expiresAt: string;
  usedAt: string | null;
}

export async function findGrants(db: Db, keys: string[]): Promise<Map<string, GrantRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('upload_grants').selectAll().where('blob_key', 'in', keys).execute();
  return new Map(
    rows.map((r) => [
      r.blob_key,
      {
        blobKey: r.blob_key,
        userId: r.user_id,
        productId: r.product_id,
        contentType: r.content_type,
        expiresAt: r.expires_at,
        usedAt: r.used_at,
      },
    ]),
  );
}

/**
 * The shooting that a registration of this product by this user created at `at` with `count` originals:
 * a registration stamps its shooting's creation and its grants' use with one instant.
 */
export async function findShootingRegisteredAt(
  db: Db,
  q: { productId: string; userId: string; at: string; count: number },
): Promise<string | null> {
  const row = await db
    .selectFrom('shootings')
    .innerJoin('images', 'images.shooting_id', 'shootings.id')
    .select(['shootings.id', (eb) => eb.fn.count<number>('images.id').as('n')])
    .where('shootings.product_id', '=', q.productId)
    .where('shootings.created_by', '=', q.userId)
    .where('shootings.created_at', '=', q.at)
    .where('images.image_type', '=', 'ORIGINAL')
    .groupBy('shootings.id')
    .executeTakeFirst();
  return row && Number(row.n) === q.count ? row.id : null;
}

/** Records (or, for the same user and product, renews) the grant of an upload key. */
/** Records upload grants in one write (a retry asking for the same keys renews their expiry and type). */
export async function saveGrants(db: Db, grants: (Omit<GrantRow, 'usedAt'> & { now: string })[]): Promise<void> {
  if (!grants.length) return;
  // One row a key: PostgreSQL refuses an upsert that would touch the same row twice.
  const unique = [...new Map(grants.map((g) => [g.blobKey, g])).values()];
  await db
    .insertInto('upload_grants')
    .values(
      unique.map((g) => ({
        blob_key: g.blobKey,
        user_id: g.userId,
        product_id: g.productId,
        content_type: g.contentType,
        expires_at: g.expiresAt,
        created_at: g.now,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('blob_key')
        .doUpdateSet({ content_type: sql`excluded.content_type`, expires_at: sql`excluded.expires_at` }),
    )
    .execute();
}

/** Marks the grants used; fails, so that the transaction rolls back, when any was used meanwhile. */
async function consumeGrants(trx: Executor, keys: string[], now: string): Promise<void> {
  const result = await trx
    .updateTable('upload_grants')
    .set({ used_at: now })
    .where('blob_key', 'in', keys)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== keys.length)
    throw new AppError('CONFLICT', 'These images were registered meanwhile');
}

// ---- shootings and images ----

export interface NewImage {
  id: string;
  position: number;
  blobKey: string;
  thumbnailKey: string;
  format: string;
  stampId: string;
  width: number;
  height: number;
  bytes: number;
}

export interface NewRun {
  id: string;
  stampId: string;
  kind: 'STAMP' | 'RESTAMP';
  items: { sourceImageId: string; targetType: ImageType }[];
}

async function insertRun(db: Executor, shootingId: string, run: NewRun, now: string): Promise<void> {
  const last = await db
    .selectFrom('pipeline_runs')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('shooting_id', '=', shootingId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  await db
    .insertInto('pipeline_runs')
    .values({ id: run.id, shooting_id: shootingId, stamp_id: run.stampId, kind: run.kind, seq, created_at: now })
    .execute();
  if (run.items.length) {
    await db
      .insertInto('pipeline_run_items')
      .values(run.items.map((i) => ({ run_id: run.id, source_image_id: i.sourceImageId, target_type: i.targetType })))
      .execute();
  }
}

/**
 * The rows of a registration below its shooting: the grants consumed (a concurrent registration of the
 * same keys fails here), the ORIGINAL images and the first run. Runs in the registration's transaction.
 */
export async function insertOriginals(
  trx: Executor,
  shootingId: string,
  images: NewImage[],
  grantKeys: string[],
  run: NewRun,
  now: string,
): Promise<void> {
  await consumeGrants(trx, grantKeys, now);
  await trx
    .insertInto('images')
    .values(
      images.map((i) => ({
        id: i.id,
        shooting_id: shootingId,
        position: i.position,
        image_type: 'ORIGINAL',
        blob_key: i.blobKey,
        thumbnail_key: i.thumbnailKey,
        format: i.format,
        stamp_id: i.stampId,
        is_label_image: 0,
        width: i.width,
        height: i.height,
        bytes: i.bytes,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await insertRun(trx, shootingId, run, now);
}

/** A new run of an existing shooting; two started at once get distinct sequence numbers (one retries). */
export async function createRun(
  db: Db,
  shootingId: string,
  run: NewRun,
  now: string,
  enqueue: (trx: Executor) => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        await insertRun(trx, shootingId, run, now);
        await enqueue(trx);
      });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export interface ImageRow {
  id: string;
  shootingId: string;
  position: number;
  imageType: string;
  blobKey: string;
  thumbnailKey: string | null;
  format: string | null;
  stampId: string | null;
}

const imageColumns = [
  'id',
  'shooting_id',
  'position',
  'image_type',
  'blob_key',
  'thumbnail_key',
  'format',
  'stamp_id',
] as const;
const toImage = (r: Pick<Selectable<ImagesTable>, (typeof imageColumns)[number]>): ImageRow => ({
  id: r.id,
  shootingId: r.shooting_id,
  position: r.position,
  imageType: r.image_type,
  blobKey: r.blob_key,
  thumbnailKey: r.thumbnail_key,
  format: r.format,
  stampId: r.stamp_id,
});

export async function listShootingImages(db: Db, shootingId: string): Promise<ImageRow[]> {
  return (
    await db
      .selectFrom('images')
      .select(imageColumns)
      .where('shooting_id', '=', shootingId)
      .orderBy('position')
      .orderBy('image_type')
      .execute()
  ).map(toImage);
}

export async function findImage(db: Db, id: string): Promise<ImageRow | null> {
  const row = await db.selectFrom('images').select(imageColumns).where('id', '=', id).executeTakeFirst();
  return row ? toImage(row) : null;
}

/** Images stored under these keys in shootings of the given owners, with the owner of each. */
export async function findImagesByBlobKeys(db: Db, keys: string[], ownerIds: string[]): Promise<ImageRow[]> {
  if (keys.length === 0 || ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom('images')
    .innerJoin('shootings', 'shootings.id', 'images.shooting_id')
    .select(imageColumns.map((c) => `images.${c}` as const))
    .where('images.blob_key', 'in', keys)
    .where('shootings.owner_id', 'in', ownerIds)
    .execute();
  return rows.map(toImage);
}

/** A rendering of a position and type: a stamped, covered or cropped picture with its thumbnail. */
export interface DerivedImage {
  shootingId: string;
  position: number;
  imageType: ImageType;
  blobKey: string;
  thumbnailKey: string;
  format: string | null;
  stampId: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Writes the derived image of a position and type: inserted the first time, replaced after, never
 * duplicated (one row per shooting, position and type). Answers the blob keys it replaced.
 */
export async function upsertDerivedImage(db: Db, img: DerivedImage & { id: string; now: string }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('images')
      .select(['blob_key', 'thumbnail_key'])
      .where('shooting_id', '=', img.shootingId)
      .where('position', '=', img.position)
      .where('image_type', '=', img.imageType)
      .executeTakeFirst();
    const values = {
      blob_key: img.blobKey,
      thumbnail_key: img.thumbnailKey,
      stamp_id: img.stampId,
      width: img.width,
      height: img.height,
      bytes: img.bytes,
      updated_at: img.now,
    };
    await trx
      .insertInto('images')
      .values({
        id: img.id,
        shooting_id: img.shootingId,
        position: img.position,
        image_type: img.imageType,
        format: img.format,
        is_label_image: 0,
        created_at: img.now,
        ...values,
      })
      .onConflict((oc) => oc.columns(['shooting_id', 'position', 'image_type']).doUpdateSet(values))
      .execute();
    return [previous?.blob_key, previous?.thumbnail_key].filter(
      (k): k is string => Boolean(k) && k !== img.blobKey && k !== img.thumbnailKey,
    );
  });
}

/** Records the run's stamp on the images it rendered from: the stamp chosen for them is now this one. */
export async function setSourcesStamp(db: Db, runId: string, stampId: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ stamp_id: stampId })
    .where('id', 'in', db.selectFrom('pipeline_run_items').select('source_image_id').where('run_id', '=', runId))
    .execute();
}

export async function saveVerification(
  db: Db,
  imageId: string,
  kind: string,
  result: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('image_verifications')
    .values({ image_id: imageId, kind, result, created_at: now })
    .onConflict((oc) => oc.columns(['image_id', 'kind']).doUpdateSet({ result, created_at: now }))
    .execute();
}

// ---- pipeline runs ----

export interface RunRow {
  id: string;
  shootingId: string;
  stampId: string;
  kind: string;
  seq: number;
  finishedAt: string | null;
}

export async function findRun(db: Db, id: string): Promise<RunRow | null> {
  const r = await db.selectFrom('pipeline_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return r
    ? { id: r.id, shootingId: r.shooting_id, stampId: r.stamp_id, kind: r.kind, seq: r.seq, finishedAt: r.finished_at }
    : null;
}

export async function listRunItems(db: Db, runId: string) {
  const rows = await db.selectFrom('pipeline_run_items').selectAll().where('run_id', '=', runId).execute();
  return rows.map((r) => ({
    sourceImageId: r.source_image_id,
    targetType: r.target_type as ImageType,
    doneAt: r.done_at,
  }));
}

export async function findRunItem(db: Db, runId: string, sourceImageId: string) {
  const r = await db
    .selectFrom('pipeline_run_items')
    .selectAll()
    .where('run_id', '=', runId)
    .where('source_image_id', '=', sourceImageId)
    .executeTakeFirst();
  return r ? { sourceImageId: r.source_image_id, targetType: r.target_type as ImageType, doneAt: r.done_at } : null;
}

export async function markRunItemDone(db: Db, runId: string, sourceImageId: string, now: string): Promise<void> {
  await db
    .updateTable('pipeline_run_items')
    .set({ done_at: now })
    .where('run_id', '=', runId)
    .where('source_image_id', '=', sourceImageId)
    .where('done_at', 'is', null)
    .execute();
}

export async function countPendingRunItems(db: Db, runId: string): Promise<number> {
  const row = await db
    .selectFrom('pipeline_run_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('run_id', '=', runId)
    .where('done_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether a newer run of the same shooting covers this source image (or, without one, any image):
 * the older run's work for it is then outdated and must not overwrite the newer result.
 */
export async function isSuperseded(db: Db, run: RunRow, sourceImageId?: string): Promise<boolean> {
  let q = db
    .selectFrom('pipeline_runs')
    .select('pipeline_runs.id')
    .where('pipeline_runs.shooting_id', '=', run.shootingId)
    .where('pipeline_runs.seq', '>', run.seq);
  if (sourceImageId) {
    q = q
      .innerJoin('pipeline_run_items', 'pipeline_run_items.run_id', 'pipeline_runs.id')
      .where('pipeline_run_items.source_image_id', '=', sourceImageId);
  }
  return Boolean(await q.executeTakeFirst());
}

export async function finishRun(db: Db, runId: string, now: string): Promise<void> {
  await db
    .updateTable('pipeline_runs')
    .set({ finished_at: now })
    .where('id', '=', runId)
    .where('finished_at', 'is', null)
    .execute();
}
