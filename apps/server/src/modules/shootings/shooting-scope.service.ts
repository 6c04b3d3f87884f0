import type { Db } from '../../platform/db/database';
import type { DmsImage, DmsVehicle } from '../../platform/dms/dms';
import { notFound } from '../../platform/errors';
import * as repo from './shootings.repo';

export type {
  NewShooting,
  ProductRow,
  RegistrationProductRow,
  RegistrationShootingRow,
  ShootingRecord,
  ShootingRow,
} from './shootings.repo';

/** Who is asking: the owners whose shootings and products the caller may reach. */
export interface OwnerScope {
  ownerIds: readonly string[];
}

/** A shooting addressed by id and, where the path names them, its owner and product. */
export interface ShootingAddress {
  shootingId: string;
  ownerId?: string;
  productId?: string;
}

/**
 * The one answer to "is this shooting within the caller's owners?", for every module: the shooting with
 * its product, owner and creator, or null when the caller's owners do not hold it (or it is not under
 * the owner and product named).
 */
export async function findShootingInScope(
  db: Db,
  scope: OwnerScope,
  address: ShootingAddress,
): Promise<repo.ShootingRow | null> {
  return (await repo.findShooting(db, { ...address, ownerIds: scope.ownerIds })) ?? null;
}

/** findShootingInScope, answering 404 when out of scope. */
export async function requireShooting(db: Db, scope: OwnerScope, address: ShootingAddress): Promise<repo.ShootingRow> {
  const row = await findShootingInScope(db, scope, address);
  if (!row) throw notFound('Shooting');
  return row;
}

/** The shooting for a job, which acts for the system after the request was authorized; null once deleted. */
export async function findShootingForJob(db: Db, shootingId: string): Promise<repo.ShootingRow | null> {
  return (await repo.findShooting(db, { ownerIds: [], shootingId, anyOwner: true })) ?? null;
}

/** The shooting's vehicle as its group's DMS receives it, with these images. */
export const dmsVehicleOf = (s: repo.ShootingRow, images: DmsImage[]): DmsVehicle => ({
  shootingId: s.id,
  ownerId: s.ownerId,
  ownerName: s.ownerName,
  productId: s.productId,
  registration: s.registration,
  vin: s.vin,
  brand: s.brand,
  model: s.model,
  shootingType: s.shootingType,
  created: s.createdAt,
  images,
});

/** The product when the caller's owners hold it (and it is the named owner's, when one is named); 404 otherwise. */
export async function requireProduct(
  db: Db,
  scope: OwnerScope,
  address: { productId: string; ownerId?: string },
): Promise<repo.ProductRow> {
  const row = await repo.findProduct(db, { ...address, ownerIds: scope.ownerIds });
  if (!row) throw notFound('Product');
  return row;
}

/**
 * A vehicle as the caller's owners know it: their products and shootings of this registration, newest
 * first (the vehicle page). Both empty when no owner of the caller holds the registration.
 */
export async function findRegistrationInScope(db: Db, scope: OwnerScope, registration: string) {
  const k = { ownerIds: scope.ownerIds, registration };
  const [products, shootings] = await Promise.all([
    repo.listRegistrationProducts(db, k),
    repo.listRegistrationShootings(db, k),
  ]);
  return { products, shootings };
}

/** The shootings module alone writes the `shootings` table; other modules create and move shootings here. */
export const insertShooting = repo.insertShooting;

/**
 * A whole shooting written at once, its rows in one transaction (the caller's when it passes one; the files
 * are stored before): the demo seed and the test builder. Rows already there are kept, so a seed stopped
 * half-way and run again finishes without duplicates.
 */
export async function recordShooting(db: Db, record: repo.ShootingRecord): Promise<void> {
  if (db.isTransaction) await repo.insertShootingRecord(db, record);
  else await db.transaction().execute((trx) => repo.insertShootingRecord(trx, record));
}

export const setRemarketingStatus = repo.setRemarketingStatus;
export const setShootingStamp = repo.setShootingStamp;
