import type { Insertable, Updateable } from 'kysely';
import type { Database, InspectionsTable } from '../../db/schema';
import { camelRow, snakeRow, type Camel } from '../../platform/db/camel-rows';
import type { Db } from '../../platform/db/database';

/** An inspection's own fields (one row per inspection shooting), in the domain's camelCase. */
export type InspectionRow = Camel<InspectionsTable>;

/** Amounts of an inspection created without a currency are in euros. */
export const DEFAULT_CURRENCY = 'EUR';

export const findInspection = async (db: Db, shootingId: string): Promise<InspectionRow | undefined> => {
  const row = await db.selectFrom('inspections').selectAll().where('shooting_id', '=', shootingId).executeTakeFirst();
  return row && camelRow(row);
};

export async function upsertInspection(
  db: Db,
  row: Pick<InspectionRow, 'shootingId' | 'createdAt'> & Partial<InspectionRow>,
  changes: Partial<InspectionRow>,
): Promise<void> {
  await db
    .insertInto('inspections')
    .values(snakeRow<InspectionsTable>(row) as Insertable<InspectionsTable>)
    .onConflict((oc) => oc.column('shooting_id').doUpdateSet(snakeRow<InspectionsTable>(changes)))
    .execute();
}

/** Marks the inspection as changed, creating it when the first damage or item arrives. */
export async function touchInspection(db: Db, shootingId: string, now: string): Promise<void> {
  await upsertInspection(
    db,
    { shootingId, currency: DEFAULT_CURRENCY, createdAt: now, updatedAt: now },
    { updatedAt: now },
  );
}

/** The tables of an inspection's items: damages, health-check items and trade-in offers. */
export type ItemTable = 'inspection_damages' | 'health_check_items' | 'trade_in_offers';
/** An item in the domain's camelCase; the queries below are generic over the three tables, hence camelRow. */
export type ItemRow<T extends ItemTable> = Camel<Database[T]>;

/** The damages or health-check items of a shooting, in the order they were added. */
export const listPositioned = async <T extends 'inspection_damages' | 'health_check_items'>(
  db: Db,
  table: T,
  shootingId: string,
): Promise<ItemRow<T>[]> =>
  (
    await db
      .selectFrom(table as 'inspection_damages' | 'health_check_items')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .orderBy('position')
      .orderBy('id')
      .execute()
  ).map((r) => camelRow(r) as ItemRow<T>);

export const listDamages = (db: Db, shootingId: string) => listPositioned(db, 'inspection_damages', shootingId);

export const listHealthCheckItems = (db: Db, shootingId: string) =>
  listPositioned(db, 'health_check_items', shootingId);

export const findItem = async <T extends ItemTable>(
  db: Db,
  table: T,
  shootingId: string,
  id: string,
): Promise<ItemRow<T> | undefined> => {
  const row = await db
    .selectFrom(table as ItemTable)
    .selectAll()
    .where('shooting_id', '=', shootingId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (camelRow(row) as ItemRow<T>);
};

// The row types differ by table; the service builds each row from its kind's columns.
export async function insertItem<T extends ItemTable>(db: Db, table: T, row: ItemRow<T>): Promise<void> {
  await db
    .insertInto(table as ItemTable)
    .values(snakeRow<Database[T]>(row) as Insertable<Database[ItemTable]>)
    .execute();
}

export async function updateItem<T extends ItemTable>(
  db: Db,
  table: T,
  id: string,
  changes: Partial<ItemRow<T>>,
): Promise<void> {
  await db
    .updateTable(table as ItemTable)
    .set(snakeRow<Database[T]>(changes) as Updateable<Database[ItemTable]>)
    .where('id', '=', id)
    .execute();
}

export async function deleteItem(db: Db, table: ItemTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

/** The position after the last damage or item of the shooting. */
export async function nextPosition(
  db: Db,
  table: 'inspection_damages' | 'health_check_items',
  shootingId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('shooting_id', '=', shootingId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export const listTradeInOffers = async (db: Db, shootingId: string): Promise<ItemRow<'trade_in_offers'>[]> =>
  (
    await db
      .selectFrom('trade_in_offers')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute()
  ).map(camelRow);

/** Images of the shooting, for photo references and the reports' galleries. */
export const listShootingImages = (db: Db, shootingId: string) =>
  db
    .selectFrom('images')
    .select(['id', 'position', 'image_type as imageType', 'blob_key as blobKey', 'thumbnail_key as thumbnailKey'])
    .where('shooting_id', '=', shootingId)
    .orderBy('position')
    .orderBy('id')
    .execute();
export type ShootingImageRow = Awaited<ReturnType<typeof listShootingImages>>[number];

export const findShootingImage = (db: Db, shootingId: string, imageId: string) =>
  db
    .selectFrom('images')
    .select('id')
    .where('shooting_id', '=', shootingId)
    .where('id', '=', imageId)
    .executeTakeFirst();

export const findShootingVideo = (db: Db, shootingId: string, videoId: string) =>
  db
    .selectFrom('videos')
    .select(['id', 'streamer', 'blob_key as blobKey', 'url', 'reference'])
    .where('shooting_id', '=', shootingId)
    .where('id', '=', videoId)
    .executeTakeFirst();

/**
 * A picture of the vehicle: an image of a shooting of the same owner and registration (the vehicle page's
 * key), or undefined for any other id.
 */
export const findVehicleImage = (db: Db, vehicle: { ownerId: string; registration: string }, imageId: string) =>
  db
    .selectFrom('images as i')
    .innerJoin('shootings as s', 's.id', 'i.shooting_id')
    .select('i.id')
    .where('i.id', '=', imageId)
    .where('s.owner_id', '=', vehicle.ownerId)
    .where('s.registration', '=', vehicle.registration)
    .executeTakeFirst();

export async function setDamageSpot(
  db: Db,
  damageId: string,
  spot: { imageId: string; x: number; y: number } | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('inspection_damages')
    .set({ spot_image_id: spot?.imageId ?? null, spot_x: spot?.x ?? null, spot_y: spot?.y ?? null, updated_at: now })
    .where('id', '=', damageId)
    .execute();
}

/** Pictures kept for the damage picker: a vehicle with more is unusual, and the newest shootings come first. */
export const VEHICLE_PICTURES_MAX = 300;

/** Every image of the vehicle's shootings (same owner and registration), newest shooting first. */
export const listVehicleImages = (db: Db, vehicle: { ownerId: string; registration: string }) =>
  db
    .selectFrom('images as i')
    .innerJoin('shootings as s', 's.id', 'i.shooting_id')
    .select([
      'i.id',
      'i.shooting_id as shootingId',
      'i.position',
      'i.image_type as imageType',
      'i.blob_key as blobKey',
      'i.thumbnail_key as thumbnailKey',
      's.shooting_type as shootingType',
      's.created_at as shootingCreated',
    ])
    .where('s.owner_id', '=', vehicle.ownerId)
    .where('s.registration', '=', vehicle.registration)
    .orderBy('s.created_at', 'desc')
    .orderBy('i.shooting_id')
    .orderBy('i.position')
    .limit(VEHICLE_PICTURES_MAX * 4)
    .execute();
