import type { Db } from '../../platform/db/database';

export const findOwnerCard = (db: Db, ownerId: string) =>
  db
    .selectFrom('owners')
    .select(['name', 'logo_key', 'contact_information', 'contact_phone'])
    .where('id', '=', ownerId)
    .executeTakeFirst();

export const findReport = (db: Db, shootingId: string, kind: string, locale: string) =>
  db
    .selectFrom('reports')
    .selectAll()
    .where('shooting_id', '=', shootingId)
    .where('kind', '=', kind)
    .where('locale', '=', locale)
    .executeTakeFirst();

/** The languages and kinds already generated for a shooting: those are rebuilt when its data changes. */
export const listReportKeys = (db: Db, shootingId: string) =>
  db.selectFrom('reports').select(['kind', 'locale']).where('shooting_id', '=', shootingId).execute();

/**
 * Points the report at a new rendering, only if it still shows `previousKey` (null: there was no row), so
 * two processes rendering at once cannot both believe they replaced the same file. A rebuild keeps the id
 * and the created date. False when another rendering got there first.
 */
export async function swapReportBlob(
  db: Db,
  row: {
    id: string;
    shooting_id: string;
    kind: string;
    locale: string;
    blob_key: string;
    data_version: string;
    now: string;
  },
  previousKey: string | null,
): Promise<boolean> {
  if (previousKey === null) {
    const inserted = await db
      .insertInto('reports')
      .values({
        id: row.id,
        shooting_id: row.shooting_id,
        kind: row.kind,
        locale: row.locale,
        blob_key: row.blob_key,
        data_version: row.data_version,
        created_at: row.now,
        updated_at: row.now,
      })
      .onConflict((oc) => oc.columns(['shooting_id', 'kind', 'locale']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('reports')
    .set({ blob_key: row.blob_key, data_version: row.data_version, updated_at: row.now })
    .where('shooting_id', '=', row.shooting_id)
    .where('kind', '=', row.kind)
    .where('locale', '=', row.locale)
    .where('blob_key', '=', previousKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Removes the report row if it still shows this rendering; false when another process changed it. */
export async function deleteReport(
  db: Db,
  shootingId: string,
  kind: string,
  locale: string,
  blobKey: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('reports')
    .where('shooting_id', '=', shootingId)
    .where('kind', '=', kind)
    .where('locale', '=', locale)
    .where('blob_key', '=', blobKey)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** Which of these blob keys a report row shows. */
export async function shownRenderings(db: Db, keys: string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom('reports')
      .select('blob_key')
      .where('blob_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) shown.add(r.blob_key);
  }
  return shown;
}
