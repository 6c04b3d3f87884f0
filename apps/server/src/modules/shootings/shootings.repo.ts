import { sql } from 'kysely';
import type { ShootingType } from '@forecourt/contracts';
import type { Db, DbDialect } from '../../platform/db/database';

export interface ListFilter {
  ownerIds: readonly string[];
  types: readonly ShootingType[];
  /** Inclusive lower bound and exclusive upper bound on created_at (ISO text). */
  from?: string | undefined;
  until?: string | undefined;
  /** Upper-cased fragment of the registration. */
  registration?: string | undefined;
  limit: number;
  offset: number;
}

const likeFragment = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Past this many owners the per-owner merge costs more than one scan of the owner set.
const MERGE_MAX_OWNERS = 64;

/**
 * The ids of one page, newest first, id breaking ties. Each owner's shootings come in order from the
 * covering index (owner, created, id, type, registration) and are merged, so a page costs about
 * offset + limit index entries whatever the owners hold. SQLite merges a plain compound query;
 * PostgreSQL merges (Merge Append) only when each arm is ordered and limited in parentheses.
 */
async function pageIds(db: Db, dialect: DbDialect, f: ListFilter): Promise<{ id: string; created_at: string }[]> {
  const arm = (owners: readonly string[]) => {
    let q = db
      .selectFrom('shootings')
      .select(['id', 'created_at'])
      .where('owner_id', owners.length === 1 ? '=' : 'in', owners.length === 1 ? owners[0]! : [...owners])
      .where('shooting_type', 'in', [...f.types]);
    if (f.from) q = q.where('created_at', '>=', f.from);
    if (f.until) q = q.where('created_at', '<', f.until);
    if (f.registration) q = q.where(sql<boolean>`registration like ${likeFragment(f.registration)} escape '\\'`);
    return q;
  };
  const groups = f.ownerIds.length > MERGE_MAX_OWNERS ? [f.ownerIds] : f.ownerIds.map((o) => [o]);
  if (dialect === 'postgres') {
    const arms = groups.map((g) => sql`(${arm(g).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.offset + f.limit)})`);
    const page = await sql<{ id: string; created_at: string }>`${sql.join(arms, sql` union all `)} order by created_at desc, id desc limit ${f.limit} offset ${f.offset}`.execute(db);
    return page.rows;
  }
  const [first, ...rest] = groups.map(arm);
  return rest
    .reduce((acc, q) => acc.unionAll(q), first!)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

/** One page of the list with each shooting's product model, owner name and stamp. */
export async function listShootingPage(db: Db, dialect: DbDialect, f: ListFilter) {
  if (f.ownerIds.length === 0 || f.types.length === 0) return [];
  const page = await pageIds(db, dialect, f);
  if (page.length === 0) return [];
  const rows = await db
    .selectFrom('shootings as s')
    .innerJoin('products as pr', 'pr.id', 's.product_id')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .leftJoin('stamps as st', 'st.id', 's.stamp_id')
    .select([
      's.id',
      's.product_id',
      's.owner_id',
      'o.name as owner_name',
      's.shooting_type',
      's.registration',
      's.created_at',
      's.remarketing_status',
      'pr.model as product_model',
      'st.id as stamp_id',
      'st.name as stamp_name',
    ])
    .where('s.id', 'in', page.map((p) => p.id))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.map((p) => byId.get(p.id)).filter((r) => r !== undefined);
}

/** For each shooting: its picture count (positions) and the images of its first position. */
export async function firstImages(db: Db, shootingIds: readonly string[]) {
  if (shootingIds.length === 0) return [];
  return db
    .selectFrom('images as i')
    .select((eb) => [
      'i.shooting_id',
      'i.image_type',
      'i.thumbnail_key',
      'i.blob_key',
      eb
        .selectFrom('images as c')
        .select(sql<number>`count(distinct c.position)`.as('n'))
        .whereRef('c.shooting_id', '=', 'i.shooting_id')
        .as('pictures'),
    ])
    .where('i.shooting_id', 'in', [...shootingIds])
    .where((eb) =>
      eb(
        'i.position',
        '=',
        eb.selectFrom('images as m').select((m) => m.fn.min('m.position').as('p')).whereRef('m.shooting_id', '=', 'i.shooting_id'),
      ),
    )
    .execute();
}

export interface ShootingKey {
  ownerIds: readonly string[];
  ownerId?: string;
  productId?: string;
  shootingId: string;
  /** Only for jobs, which act for the system after the request was authorized. */
  anyOwner?: boolean;
}

/** A shooting with its product, owner and creator, only when the caller's owners include it. */
export async function findShooting(db: Db, k: ShootingKey) {
  if (k.ownerIds.length === 0 && !k.anyOwner) return undefined;
  let q = db
    .selectFrom('shootings as s')
    .innerJoin('products as pr', 'pr.id', 's.product_id')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select([
      's.id',
      's.product_id',
      's.owner_id',
      's.shooting_type',
      's.registration',
      's.remarketing_status',
      's.dms_status',
      's.dms_synced_at',
      's.stamp_id',
      's.format',
      's.video_name',
      's.created_at',
      'pr.vin',
      'pr.brand',
      'pr.model',
      'pr.product_type',
      'pr.registration as product_registration',
      'o.name as owner_name',
      'u.given_name',
      'u.family_name',
    ])
    .where('s.id', '=', k.shootingId);
  if (!k.anyOwner) q = q.where('s.owner_id', 'in', [...k.ownerIds]);
  if (k.ownerId !== undefined) q = q.where('s.owner_id', '=', k.ownerId);
  if (k.productId !== undefined) q = q.where('s.product_id', '=', k.productId);
  return q.executeTakeFirst();
}

export type ShootingRow = NonNullable<Awaited<ReturnType<typeof findShooting>>>;

export async function findProduct(db: Db, k: { ownerIds: readonly string[]; ownerId: string; productId: string }) {
  if (k.ownerIds.length === 0) return undefined;
  return db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', k.productId)
    .where('owner_id', '=', k.ownerId)
    .where('owner_id', 'in', [...k.ownerIds])
    .executeTakeFirst();
}

export const imagesOf = (db: Db, shootingId: string) =>
  db
    .selectFrom('images')
    .select(['id', 'position', 'image_type', 'blob_key', 'thumbnail_key', 'format', 'stamp_id', 'mask_id', 'is_label_image', 'updated_at'])
    .where('shooting_id', '=', shootingId)
    .orderBy('position')
    .orderBy('image_type')
    .execute();

export const videosOf = (db: Db, shootingId: string) =>
  db
    .selectFrom('videos')
    .select(['id', 'video_type', 'streamer', 'url', 'reference', 'blob_key'])
    .where('shooting_id', '=', shootingId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export async function stampsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('stamps').select(['id', 'name']).where('id', 'in', [...ids]).orderBy('name').execute();
}

/** The product's shootings created in [from, until): the same-day shootings deleted together. */
export const productShootingsBetween = (db: Db, productId: string, from: string, until: string) =>
  db
    .selectFrom('shootings')
    .select('id')
    .where('product_id', '=', productId)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .execute();

/** Every blob key the rows of these shootings point at, gathered before the rows go. */
export async function blobKeysOfShootings(db: Db, shootingIds: readonly string[]): Promise<string[]> {
  if (shootingIds.length === 0) return [];
  const ids = [...shootingIds];
  const [images, videos, reports] = await Promise.all([
    db.selectFrom('images').select(['blob_key', 'thumbnail_key']).where('shooting_id', 'in', ids).execute(),
    db.selectFrom('videos').select('blob_key').where('shooting_id', 'in', ids).execute(),
    db.selectFrom('reports').select('blob_key').where('shooting_id', 'in', ids).execute(),
  ]);
  return [
    ...images.flatMap((i) => [i.blob_key, i.thumbnail_key]),
    ...videos.map((v) => v.blob_key),
    ...reports.map((r) => r.blob_key),
  ].filter((k): k is string => Boolean(k));
}

/** Removes the shootings and the rows that hang from them (cascades cover tables added later). */
export async function deleteShootingRows(db: Db, shootingIds: readonly string[]): Promise<void> {
  if (shootingIds.length === 0) return;
  const ids = [...shootingIds];
  await db.deleteFrom('videos').where('shooting_id', 'in', ids).execute();
  await db.deleteFrom('reports').where('shooting_id', 'in', ids).execute();
  await db.deleteFrom('player_references').where('shooting_id', 'in', ids).execute();
  await db
    .deleteFrom('image_verifications')
    .where('image_id', 'in', db.selectFrom('images').select('id').where('shooting_id', 'in', ids))
    .execute();
  await db.deleteFrom('images').where('shooting_id', 'in', ids).execute();
  await db.deleteFrom('shootings').where('id', 'in', ids).execute();
}

export async function deleteVideoRows(db: Db, shootingId: string): Promise<void> {
  await db.deleteFrom('videos').where('shooting_id', '=', shootingId).execute();
}

export async function setDmsStatus(db: Db, shootingId: string, status: string, syncedAt?: string): Promise<void> {
  await db
    .updateTable('shootings')
    .set(syncedAt ? { dms_status: status, dms_synced_at: syncedAt } : { dms_status: status })
    .where('id', '=', shootingId)
    .execute();
}
