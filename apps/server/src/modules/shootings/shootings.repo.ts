import { SHOOTING_TYPES, type RemarketingStatus, type ShootingType } from '@forecourt/contracts';
import type { Insertable } from 'kysely';
import type { ImagesTable, ShootingsTable, VideosTable } from '../../db/schema';
import type { Db, DbDialect } from '../../platform/db/database';
import { readDataVersions } from '../../platform/db/data-versions';
import { rawRows, SqlParams } from '../../platform/db/raw-sql';

export interface ListFilter {
  ownerIds: readonly string[];
  types: readonly ShootingType[];
  /** Inclusive lower bound and exclusive upper bound on created_at (ISO text). */
  from?: string | undefined;
  until?: string | undefined;
  /** Fragment of the registration as registrationKey makes it: upper-cased, no spaces nor dashes. */
  registration?: string | undefined;
  limit: number;
  offset: number;
}

const likeFragment = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Past this many owners the per-owner merge costs more than one scan of the owner set.
const MERGE_MAX_OWNERS = 64;
// From this offset on, a page first skips the whole months before it by their counts.
const MONTH_SKIP_MIN_OFFSET = 240;
// SQLite, up to this offset + limit: one `owner_id in (...)` read of the covering index (owner, type,
// created, id), which SQLite ends early for each (owner, type) once its sorter holds offset + limit rows;
// from there on the merge of one ordered arm per owner reads fewer entries (5 owners, bench data: 79 vs
// 152 µs at offset 0, 97 vs 145 at 24, 225 vs 176 at 100; decision 0098).
const IN_LIST_MAX_ROWS = 48;
// A registration text this long or longer is first looked up by one of its three-character grams (0060).
const GRAM_LENGTH = 3;

/** Whether the filter asks for every type: then it filters nothing (month counts of type '*' count the same rows). */
const isAllTypes = (types: readonly ShootingType[]) => SHOOTING_TYPES.every((t) => types.includes(t));

// The list's statements are written as SQL text (platform/db/raw-sql.ts): they run on every list call
// and Kysely's builder would cost more than the indexed reads themselves.

/**
 * The page's key range without stepping through every shooting in front of it: the whole months
 * (newest first) whose shootings all come before the offset, added up from shooting_month_counts,
 * which triggers keep exact. The page is then read among the shootings created before `before`, at
 * the offset left. Only the owner and type filters have counts; a date or registration search reads
 * the index from the top. (Counting whole years first, then one year's months, read fewer count rows
 * but cost more per request in the bench: two statements instead of one.)
 */
async function skipWholeMonths(db: Db, f: ListFilter): Promise<{ before?: string; offset: number }> {
  if (f.offset < MONTH_SKIP_MIN_OFFSET || f.from || f.until || f.registration) return { offset: f.offset };
  const p = new SqlParams(db);
  // Every type: the all-types rows (migration 0060), a quarter of the rows to add up.
  const allTypes = isAllTypes(f.types);
  const months = await rawRows<{ month: string; n: number | string }>(
    db,
    `select month, sum(n) as n from shooting_month_counts where owner_id in (${p.list(f.ownerIds)}) and shooting_type ${allTypes ? `= ${p.bind('*')}` : `in (${p.list(f.types)})`}
     group by month order by month desc`,
    p,
  );
  let offset = f.offset;
  let before: string | undefined;
  for (const m of months) {
    const n = Number(m.n);
    if (n > offset) break;
    offset -= n;
    before = m.month;
  }
  return before === undefined ? { offset } : { before, offset };
}

/**
 * The keys (id, created_at; on SQLite also the rowid, which the page's rows are then read by) of one page,
 * newest first, id breaking ties. Each owner's shootings come in order from the covering index (owner,
 * created, id, type, registration_key) and are merged, so a page costs about offset + limit index entries
 * whatever the owners hold (less the whole months skipped). SQLite merges a plain compound query;
 * PostgreSQL merges (Merge Append) only when each arm is ordered and limited in parentheses. SQLite's first
 * pages read all owners in one arm instead (IN_LIST_MAX_ROWS). A registration search of three characters or
 * more reads only the shootings of the registrations holding its first gram (migration 0060).
 */
function pageKeys(p: SqlParams, dialect: DbDialect, f: ListFilter, skip: { before?: string; offset: number }): string {
  const columns = dialect === 'sqlite' ? 'rowid as rid, id, created_at' : 'id, created_at';
  // Every type is no type filter: the keys then come from the narrower index (owner, created, id).
  const allTypes = isAllTypes(f.types);
  const until = skip.before ?? f.until;
  // Placeholders are bound in the order they appear in the text (SQLite's are positional).
  const where = (owners: readonly string[]) =>
    [
      `owner_id ${owners.length === 1 ? `= ${p.bind(owners[0])}` : `in (${p.list(owners)})`}`,
      allTypes ? '' : ` and shooting_type in (${p.list(f.types)})`,
      f.from ? ` and created_at >= ${p.bind(f.from)}` : '',
      until ? ` and created_at < ${p.bind(until)}` : '',
      f.registration ? ` and registration_key like ${p.bind(likeFragment(f.registration))} escape '\\'` : '',
    ].join('');
  const order = 'order by created_at desc, id desc';
  const page = () => `${order} limit ${p.bind(f.limit)} offset ${p.bind(skip.offset)}`;
  const text = f.registration ? [...f.registration] : [];
  if (text.length >= GRAM_LENGTH) {
    const gram = text.slice(0, GRAM_LENGTH).join('');
    const registrations = `select registration from shooting_registration_grams where owner_id in (${p.list(f.ownerIds)}) and gram = ${p.bind(gram)}`;
    return `select ${columns} from shootings where registration in (${registrations}) and ${where(f.ownerIds)} ${page()}`;
  }
  const oneArm =
    f.ownerIds.length > MERGE_MAX_OWNERS ||
    (dialect === 'sqlite' && !f.registration && skip.offset + f.limit <= IN_LIST_MAX_ROWS);
  const groups = oneArm ? [f.ownerIds] : f.ownerIds.map((o) => [o]);
  const arms =
    dialect === 'postgres' && groups.length > 1
      ? groups.map(
          (g) => `(select ${columns} from shootings where ${where(g)} ${order} limit ${p.bind(skip.offset + f.limit)})`,
        )
      : groups.map((g) => `select ${columns} from shootings where ${where(g)}`);
  return `${arms.join(' union all ')} ${page()}`;
}

export interface ListRow {
  /**
   * The item as JSON text, every ShootingListItem field but `image` (a signed link the server makes),
   * which the caller appends before the closing brace.
   */
  item: string;
  /** The blob whose link is the item's image: the thumbnail (else the file) of the cover; none for a VIDEO. */
  cover: string | null;
}

/**
 * One ShootingListItem but its image, as JSON text built by the database (the fields of ShootingListItem
 * in packages/contracts; shootings-list-cover.test.ts holds each item to that schema on both databases):
 * the page's rows then reach the response without being read into objects, mapped and serialised again.
 * A VIDEO shooting shows a play icon, so no picture count; a stamp is listed when it has a name.
 */
function itemJson(dialect: DbDialect): string {
  const object = dialect === 'sqlite' ? 'json_object' : 'json_build_object';
  const stamps =
    dialect === 'sqlite'
      ? `case when st.name <> '' then json_array(json_object('id', st.id, 'name', st.name)) else json_array() end`
      : `case when st.name <> '' then json_build_array(json_build_object('id', st.id, 'name', st.name)) else '[]'::json end`;
  const json = `${object}('id', s.id, 'shootingId', s.id, 'productId', s.product_id, 'ownerId', s.owner_id,
    'ownerName', o.name, 'shootingType', s.shooting_type,
    'numberOfPictures', case when s.shooting_type = 'VIDEO' then 0 else s.picture_count end,
    'registration', s.registration, 'created', s.created_at, 'stamps', ${stamps}, 'productModel', pr.model,
    'remarketingShootingStatus', s.remarketing_status)`;
  return dialect === 'sqlite' ? json : `${json}::text`;
}

/**
 * One page of the list with each shooting's product model, owner name, stamp, picture count and cover,
 * in one statement: the page's keys from the index, then only those rows, each as its item's JSON. The
 * count and cover are columns of the shooting, kept by triggers on images (migration 0009).
 */
export async function listShootingPage(db: Db, dialect: DbDialect, f: ListFilter): Promise<ListRow[]> {
  if (f.ownerIds.length === 0 || f.types.length === 0) return [];
  const skip = await skipWholeMonths(db, f);
  const p = new SqlParams(db);
  return rawRows<ListRow>(
    db,
    `select ${itemJson(dialect)} as item, case when s.shooting_type = 'VIDEO' then null else s.cover_key end as cover
     from (${pageKeys(p, dialect, f, skip)}) as p
     inner join shootings as s on ${dialect === 'sqlite' ? 's.rowid = p.rid' : 's.id = p.id'}
     inner join products as pr on pr.id = s.product_id
     inner join owners as o on o.id = s.owner_id
     left join stamps as st on st.id = s.stamp_id
     order by p.created_at desc, p.id desc`,
    p,
  );
}

/**
 * The list's data versions of these owners and of the all-owners row, as one comparable string in the
 * order given (an owner without a row is at 0): one statement of primary-key reads (migration 0010).
 */
export async function listVersions(db: Db, ownerIds: readonly string[]): Promise<string> {
  return (await readDataVersions(db, { ownerIds })).ownerLists!;
}

export interface ShootingKey {
  ownerIds: readonly string[];
  ownerId?: string;
  productId?: string;
  shootingId: string;
  /** Only for jobs, which act for the system after the request was authorized. */
  anyOwner?: boolean;
}

/** A shooting with its product, owner (and its dealer group) and creator, only when the caller's owners include it. */
export async function findShooting(db: Db, k: ShootingKey) {
  if (k.ownerIds.length === 0 && !k.anyOwner) return undefined;
  let q = db
    .selectFrom('shootings as s')
    .innerJoin('products as pr', 'pr.id', 's.product_id')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select([
      's.id',
      's.product_id as productId',
      's.owner_id as ownerId',
      's.shooting_type as shootingType',
      's.registration',
      's.remarketing_status as remarketingStatus',
      's.dms_status as dmsStatus',
      's.dms_synced_at as dmsSyncedAt',
      's.stamp_id as stampId',
      's.format',
      's.video_name as videoName',
      's.created_at as createdAt',
      'pr.vin',
      'pr.brand',
      'pr.model',
      'pr.product_type as productType',
      'pr.registration as productRegistration',
      'o.name as ownerName',
      'o.group_id as groupId',
      'u.given_name as givenName',
      'u.family_name as familyName',
    ])
    .where('s.id', '=', k.shootingId);
  if (!k.anyOwner) q = q.where('s.owner_id', 'in', [...k.ownerIds]);
  if (k.ownerId !== undefined) q = q.where('s.owner_id', '=', k.ownerId);
  if (k.productId !== undefined) q = q.where('s.product_id', '=', k.productId);
  return q.executeTakeFirst();
}

/** A shooting with its product, owner and creator, in the domain's camelCase: what the shooting scope answers. */
export type ShootingRow = NonNullable<Awaited<ReturnType<typeof findShooting>>>;

/** A product, only when the caller's owners include it (and it is the named owner's, when one is named). */
export async function findProduct(db: Db, k: { ownerIds: readonly string[]; ownerId?: string; productId: string }) {
  if (k.ownerIds.length === 0) return undefined;
  let q = db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', k.productId)
    .where('owner_id', 'in', [...k.ownerIds]);
  if (k.ownerId !== undefined) q = q.where('owner_id', '=', k.ownerId);
  return q.executeTakeFirst();
}

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

/** At most this many shootings of one vehicle are read for its page. */
export const VEHICLE_SHOOTINGS_MAX = 500;

/** The shootings of one registration among the owners, newest first, with owner name and list columns. */
export async function listRegistrationShootings(db: Db, k: { ownerIds: readonly string[]; registration: string }) {
  if (k.ownerIds.length === 0) return [];
  return db
    .selectFrom('shootings as s')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .select([
      's.id',
      's.product_id',
      's.owner_id',
      'o.name as owner_name',
      's.shooting_type',
      's.remarketing_status',
      's.created_at',
      's.picture_count',
      's.cover_key',
    ])
    .where('s.registration', '=', k.registration)
    .where('s.owner_id', 'in', [...k.ownerIds])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(VEHICLE_SHOOTINGS_MAX)
    .execute();
}

export type RegistrationShootingRow = Awaited<ReturnType<typeof listRegistrationShootings>>[number];

/** The products of one registration among the owners, newest first. */
export async function listRegistrationProducts(db: Db, k: { ownerIds: readonly string[]; registration: string }) {
  if (k.ownerIds.length === 0) return [];
  return db
    .selectFrom('products')
    .select(['id', 'owner_id', 'vin', 'brand', 'model', 'product_type', 'created_at'])
    .where('registration', '=', k.registration)
    .where('owner_id', 'in', [...k.ownerIds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type RegistrationProductRow = Awaited<ReturnType<typeof listRegistrationProducts>>[number];

export interface NewShooting {
  id: string;
  productId: string;
  ownerId: string;
  registration: string;
  stampId: string;
  format: string;
  createdBy: string;
  now: string;
}

/** A new photo shooting, UPLOADING until its stamping run publishes it. */
export async function insertShooting(db: Db, s: NewShooting): Promise<void> {
  await db
    .insertInto('shootings')
    .values({
      id: s.id,
      product_id: s.productId,
      owner_id: s.ownerId,
      shooting_type: 'STANDARD',
      registration: s.registration,
      remarketing_status: 'UPLOADING',
      dms_status: 'NOT_SENT',
      stamp_id: s.stampId,
      format: s.format,
      created_by: s.createdBy,
      created_at: s.now,
    })
    .execute();
}

/** A shooting as stored, with its images and videos: how the demo seed and the test builder write one. */
export interface ShootingRecord {
  shooting: Insertable<ShootingsTable>;
  images: Insertable<ImagesTable>[];
  videos: Insertable<VideosTable>[];
}

/** Writes a shooting and its images and videos; rows already there stay as they are, so a second run adds nothing. */
export async function insertShootingRecord(db: Db, r: ShootingRecord): Promise<void> {
  await db
    .insertInto('shootings')
    .values(r.shooting)
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (r.images.length)
    await db
      .insertInto('images')
      .values(r.images)
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (r.videos.length)
    await db
      .insertInto('videos')
      .values(r.videos)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** Moves the shooting to a pipeline status; setting the status it already has writes nothing. */
export async function setRemarketingStatus(db: Db, shootingId: string, status: RemarketingStatus): Promise<void> {
  await db
    .updateTable('shootings')
    .set({ remarketing_status: status })
    .where('id', '=', shootingId)
    .where('remarketing_status', '!=', status)
    .execute();
}

export async function setShootingStamp(db: Db, shootingId: string, stampId: string, format: string): Promise<void> {
  await db.updateTable('shootings').set({ stamp_id: stampId, format }).where('id', '=', shootingId).execute();
}

// The detail's reads (every opening of a shooting) as SQL text, like the list's: no builder nor compiler.

export function imagesOf(db: Db, shootingId: string) {
  const p = new SqlParams(db);
  return rawRows<
    Pick<
      ImagesTable,
      | 'id'
      | 'position'
      | 'image_type'
      | 'blob_key'
      | 'thumbnail_key'
      | 'format'
      | 'stamp_id'
      | 'mask_id'
      | 'is_label_image'
      | 'updated_at'
    >
  >(
    db,
    `select id, position, image_type, blob_key, thumbnail_key, format, stamp_id, mask_id, is_label_image, updated_at
     from images where shooting_id = ${p.bind(shootingId)} order by position, image_type`,
    p,
  );
}

export function videosOf(db: Db, shootingId: string) {
  const p = new SqlParams(db);
  return rawRows<Pick<VideosTable, 'id' | 'video_type' | 'streamer' | 'url' | 'reference' | 'blob_key' | 'poster_key'>>(
    db,
    `select id, video_type, streamer, url, reference, blob_key, poster_key
     from videos where shooting_id = ${p.bind(shootingId)} order by created_at, id`,
    p,
  );
}

export async function stampsByIds(db: Db, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const p = new SqlParams(db);
  return rawRows(db, `select id, name from stamps where id in (${p.list(ids)}) order by name`, p);
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
