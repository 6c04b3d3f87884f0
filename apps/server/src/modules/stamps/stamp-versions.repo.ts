import type { Db, Executor } from '../../platform/db/database';

/** A stamp as the designer edits it: its current version, overlay, design and cropping configuration. */
export interface DesignedStampRow {
  id: string;
  groupId: string;
  name: string;
  format: string;
  width: number;
  height: number;
  version: number;
  overlayKey: string;
  design: string | null;
  croppingType: string;
  blurringValue: number;
  backgroundKey: string | null;
  floorLevel: number | null;
  createdAt: string;
  updatedAt: string | null;
}

const designed = (db: Db) =>
  db
    .selectFrom('stamps as s')
    .leftJoin('stamp_configurations as c', 'c.stamp_id', 's.id')
    .select([
      's.id',
      's.group_id',
      's.name',
      's.format',
      's.width',
      's.height',
      's.version',
      's.overlay_key',
      's.design',
      's.created_at',
      's.updated_at',
      'c.cropping_type',
      'c.blurring_value',
      'c.background_key',
      'c.floor_level',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof designed>['executeTakeFirstOrThrow']>>;
const toRow = (r: Row): DesignedStampRow => ({
  id: r.id,
  groupId: r.group_id,
  name: r.name,
  format: r.format,
  width: r.width,
  height: r.height,
  version: r.version,
  overlayKey: r.overlay_key,
  design: r.design ?? null,
  croppingType: r.cropping_type ?? 'CROPPING',
  blurringValue: r.blurring_value ?? 0,
  backgroundKey: r.background_key ?? null,
  floorLevel: r.floor_level ?? null,
  createdAt: r.created_at,
  updatedAt: r.updated_at ?? null,
});

export async function listDesignedStamps(db: Db, groupId: string): Promise<DesignedStampRow[]> {
  return (await designed(db).where('s.group_id', '=', groupId).orderBy('s.name').orderBy('s.id').execute()).map(toRow);
}

export async function findDesignedStamp(db: Db, groupId: string, id: string): Promise<DesignedStampRow | null> {
  const row = await designed(db).where('s.group_id', '=', groupId).where('s.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

export interface StampVersionValues {
  stampId: string;
  version: number;
  name: string;
  overlayKey: string;
  design: string | null;
  backgroundKey: string | null;
  croppingType: string;
  blurringValue: number;
  createdBy: string | null;
  createdAt: string;
}

export async function insertStampVersion(db: Executor, v: StampVersionValues): Promise<void> {
  await db
    .insertInto('stamp_versions')
    .values({
      stamp_id: v.stampId,
      version: v.version,
      name: v.name,
      overlay_key: v.overlayKey,
      design: v.design,
      background_key: v.backgroundKey,
      cropping_type: v.croppingType,
      blurring_value: v.blurringValue,
      created_by: v.createdBy,
      created_at: v.createdAt,
    })
    .onConflict((oc) => oc.columns(['stamp_id', 'version']).doNothing())
    .execute();
}

export async function listStampVersions(db: Db, stampId: string) {
  return db
    .selectFrom('stamp_versions')
    .select(['version', 'name', 'overlay_key as overlayKey', 'created_at as createdAt', 'created_by as createdBy'])
    .where('stamp_id', '=', stampId)
    .orderBy('version', 'desc')
    .execute();
}

/** Creates the stamp at version 1 with its configuration. */
export async function insertDesignedStamp(
  db: Executor,
  s: Omit<DesignedStampRow, 'floorLevel' | 'updatedAt'> & { floorLevel: number },
): Promise<void> {
  await db
    .insertInto('stamps')
    .values({
      id: s.id,
      group_id: s.groupId,
      name: s.name,
      format: s.format,
      width: s.width,
      height: s.height,
      overlay_key: s.overlayKey,
      version: s.version,
      design: s.design,
      created_at: s.createdAt,
      updated_at: s.createdAt,
    })
    .execute();
  await db
    .insertInto('stamp_configurations')
    .values({
      stamp_id: s.id,
      cropping_type: s.croppingType,
      background_key: s.backgroundKey,
      blurring_value: s.blurringValue,
      floor_level: s.floorLevel,
    })
    .execute();
}

/**
 * Makes `v` the stamp's current version: new shootings and restamps render with its overlay and crop
 * with its configuration. Only when the stamp is still at `previous`, so two concurrent edits cannot both
 * become the same version; says whether it did.
 */
export async function setCurrentVersion(
  db: Executor,
  previous: number,
  v: StampVersionValues & { floorLevel: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('stamps')
    .set({ name: v.name, version: v.version, overlay_key: v.overlayKey, design: v.design, updated_at: v.createdAt })
    .where('id', '=', v.stampId)
    .where('version', '=', previous)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('stamp_configurations')
    .values({
      stamp_id: v.stampId,
      cropping_type: v.croppingType,
      background_key: v.backgroundKey,
      blurring_value: v.blurringValue,
      floor_level: v.floorLevel,
    })
    .onConflict((oc) =>
      oc.column('stamp_id').doUpdateSet({
        cropping_type: v.croppingType,
        background_key: v.backgroundKey,
        blurring_value: v.blurringValue,
      }),
    )
    .execute();
  return true;
}

/** The original pictures of the group's latest shootings (a few per shooting), for previews on its own photos. */
export async function recentGroupPictures(db: Db, groupId: string, limit: number) {
  return db
    .selectFrom('images as i')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('shootings as sh')
          .innerJoin('owners as o', 'o.id', 'sh.owner_id')
          .select(['sh.id', 'sh.registration', 'sh.created_at'])
          .where('o.group_id', '=', groupId)
          .where('sh.picture_count', '>', 0)
          .orderBy('sh.created_at', 'desc')
          .limit(limit)
          .as('s'),
      (join) => join.onRef('s.id', '=', 'i.shooting_id'),
    )
    .select(['i.id', 'i.blob_key as blobKey', 'i.thumbnail_key as thumbnailKey', 's.registration'])
    .where('i.image_type', '=', 'ORIGINAL')
    .where('i.position', '<=', 2)
    .orderBy('s.created_at', 'desc')
    .orderBy('i.position')
    .limit(limit)
    .execute();
}

/** One of the group's pictures by id, or undefined. */
export async function findGroupPicture(db: Db, groupId: string, imageId: string) {
  return db
    .selectFrom('images as i')
    .innerJoin('shootings as s', 's.id', 'i.shooting_id')
    .innerJoin('owners as o', 'o.id', 's.owner_id')
    .select(['i.id', 'i.blob_key as blobKey'])
    .where('o.group_id', '=', groupId)
    .where('i.id', '=', imageId)
    .executeTakeFirst();
}
