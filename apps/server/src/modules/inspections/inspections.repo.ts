import type { Insertable, Updateable } from 'kysely';
import type {
  HealthCheckItemsTable,
  InspectionDamagesTable,
  InspectionsTable,
  TradeInOffersTable,
} from '../../db/schema';
import type { Db } from '../../platform/db/database';

export interface ShootingScope {
  ownerId: string;
  productId: string;
  shootingId: string;
  /** The caller's owners: a shooting of any other owner is not found. */
  ownerIds: readonly string[];
}

/** The shooting with its vehicle, only when it belongs to one of the caller's owners. */
export async function findScopedShooting(db: Db, scope: ShootingScope) {
  if (!scope.ownerIds.includes(scope.ownerId)) return null;
  const row = await db
    .selectFrom('shootings as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select([
      's.id',
      's.owner_id',
      's.product_id',
      's.shooting_type',
      's.created_at',
      'p.registration',
      'p.vin',
      'p.brand',
      'p.model',
    ])
    .where('s.id', '=', scope.shootingId)
    .where('s.product_id', '=', scope.productId)
    .where('s.owner_id', '=', scope.ownerId)
    .where('s.owner_id', 'in', [...scope.ownerIds])
    .executeTakeFirst();
  return row ?? null;
}
export type ScopedShooting = NonNullable<Awaited<ReturnType<typeof findScopedShooting>>>;

/** Amounts of an inspection created without a currency are in euros. */
export const DEFAULT_CURRENCY = 'EUR';

export const findInspection = (db: Db, shootingId: string) =>
  db.selectFrom('inspections').selectAll().where('shooting_id', '=', shootingId).executeTakeFirst();

export async function upsertInspection(db: Db, row: Insertable<InspectionsTable>, changes: Updateable<InspectionsTable>): Promise<void> {
  await db
    .insertInto('inspections')
    .values(row)
    .onConflict((oc) => oc.column('shooting_id').doUpdateSet(changes))
    .execute();
}

/** Marks the inspection as changed, creating it when the first damage or item arrives. */
export async function touchInspection(db: Db, shootingId: string, now: string): Promise<void> {
  await upsertInspection(db, { shooting_id: shootingId, currency: DEFAULT_CURRENCY, created_at: now, updated_at: now }, { updated_at: now });
}

export const listDamages = (db: Db, shootingId: string) =>
  db.selectFrom('inspection_damages').selectAll().where('shooting_id', '=', shootingId).orderBy('position').orderBy('id').execute();

export const findDamage = (db: Db, shootingId: string, id: string) =>
  db.selectFrom('inspection_damages').selectAll().where('shooting_id', '=', shootingId).where('id', '=', id).executeTakeFirst();

export const insertDamage = (db: Db, row: Insertable<InspectionDamagesTable>) => db.insertInto('inspection_damages').values(row).execute();

export const updateDamage = (db: Db, id: string, changes: Updateable<InspectionDamagesTable>) =>
  db.updateTable('inspection_damages').set(changes).where('id', '=', id).execute();

export const deleteDamage = (db: Db, id: string) => db.deleteFrom('inspection_damages').where('id', '=', id).execute();

export const listHealthCheckItems = (db: Db, shootingId: string) =>
  db.selectFrom('health_check_items').selectAll().where('shooting_id', '=', shootingId).orderBy('position').orderBy('id').execute();

/** The position after the last damage or item of the shooting. */
export async function nextPosition(db: Db, table: 'inspection_damages' | 'health_check_items', shootingId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('shooting_id', '=', shootingId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export const findHealthCheckItem = (db: Db, shootingId: string, id: string) =>
  db.selectFrom('health_check_items').selectAll().where('shooting_id', '=', shootingId).where('id', '=', id).executeTakeFirst();

export const insertHealthCheckItem = (db: Db, row: Insertable<HealthCheckItemsTable>) => db.insertInto('health_check_items').values(row).execute();

export const updateHealthCheckItem = (db: Db, id: string, changes: Updateable<HealthCheckItemsTable>) =>
  db.updateTable('health_check_items').set(changes).where('id', '=', id).execute();

export const deleteHealthCheckItem = (db: Db, id: string) => db.deleteFrom('health_check_items').where('id', '=', id).execute();

export const listTradeInOffers = (db: Db, shootingId: string) =>
  db.selectFrom('trade_in_offers').selectAll().where('shooting_id', '=', shootingId).orderBy('created_at', 'desc').orderBy('id').execute();

export const findTradeInOffer = (db: Db, shootingId: string, id: string) =>
  db.selectFrom('trade_in_offers').selectAll().where('shooting_id', '=', shootingId).where('id', '=', id).executeTakeFirst();

export const insertTradeInOffer = (db: Db, row: Insertable<TradeInOffersTable>) => db.insertInto('trade_in_offers').values(row).execute();

export const updateTradeInOffer = (db: Db, id: string, changes: Updateable<TradeInOffersTable>) =>
  db.updateTable('trade_in_offers').set(changes).where('id', '=', id).execute();

export const deleteTradeInOffer = (db: Db, id: string) => db.deleteFrom('trade_in_offers').where('id', '=', id).execute();

/** Images of the shooting, for photo references and the reports' galleries. */
export const listShootingImages = (db: Db, shootingId: string) =>
  db
    .selectFrom('images')
    .select(['id', 'position', 'image_type', 'blob_key', 'thumbnail_key'])
    .where('shooting_id', '=', shootingId)
    .orderBy('position')
    .orderBy('id')
    .execute();
export type ShootingImageRow = Awaited<ReturnType<typeof listShootingImages>>[number];

export const findShootingImage = (db: Db, shootingId: string, imageId: string) =>
  db.selectFrom('images').select('id').where('shooting_id', '=', shootingId).where('id', '=', imageId).executeTakeFirst();

export const findShootingVideo = (db: Db, shootingId: string, videoId: string) =>
  db.selectFrom('videos').selectAll().where('shooting_id', '=', shootingId).where('id', '=', videoId).executeTakeFirst();
