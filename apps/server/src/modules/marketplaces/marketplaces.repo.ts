import type { MarketplaceProfilesTable, PictureAnglesTable } from '../../db/schema';
import type { Db, Executor } from '../../platform/db/database';

export type ProfileRow = MarketplaceProfilesTable;

export const listGroupProfiles = (db: Db, groupId: string): Promise<ProfileRow[]> =>
  db
    .selectFrom('marketplace_profiles')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findGroupProfile = (db: Db, groupId: string, id: string): Promise<ProfileRow | undefined> =>
  db
    .selectFrom('marketplace_profiles')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertProfile(db: Executor, row: ProfileRow): Promise<void> {
  await db.insertInto('marketplace_profiles').values(row).execute();
}

export async function updateProfile(
  db: Executor,
  id: string,
  set: Pick<ProfileRow, 'name' | 'rules' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('marketplace_profiles').set(set).where('id', '=', id).execute();
}

export async function deleteProfile(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('marketplace_profiles').where('id', '=', id).execute();
}

/** Every image of a shooting with its size: readiness and exports choose one per position. */
export const shootingPictures = (db: Db, shootingId: string) =>
  db
    .selectFrom('images')
    .select(['id', 'position', 'image_type', 'blob_key', 'width', 'height', 'updated_at'])
    .where('shooting_id', '=', shootingId)
    .orderBy('position')
    .orderBy('image_type')
    .execute();

export const shootingAngles = (db: Db, shootingId: string): Promise<PictureAnglesTable[]> =>
  db.selectFrom('picture_angles').selectAll().where('shooting_id', '=', shootingId).orderBy('position').execute();

/** A person's correction: it replaces any angle, recognised or not. */
export async function setUserAngle(db: Db, row: Omit<PictureAnglesTable, 'source'>): Promise<void> {
  await db
    .insertInto('picture_angles')
    .values({ ...row, source: 'user' })
    .onConflict((oc) =>
      oc
        .columns(['shooting_id', 'position'])
        .doUpdateSet({ angle: row.angle, source: 'user', updated_at: row.updated_at }),
    )
    .execute();
}

/** A recognised angle: written only where no person has corrected the position. */
export async function setModelAngle(db: Db, row: Omit<PictureAnglesTable, 'source'>): Promise<void> {
  await db
    .insertInto('picture_angles')
    .values({ ...row, source: 'model' })
    .onConflict((oc) =>
      oc
        .columns(['shooting_id', 'position'])
        .doUpdateSet({ angle: row.angle, updated_at: row.updated_at })
        .where('picture_angles.source', '=', 'model'),
    )
    .execute();
}
