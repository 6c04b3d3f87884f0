import type { Db } from '../../platform/db/database';

/**
 * The camera's height (0 low, 1 high) the shooting's croppings draw their shadows from: the first reading stored
 * for the shooting, `reading` (this picture's) when there is none yet. Written only once, so a later picture, a
 * retry or a crop running beside this one gets the same value.
 */
export async function shootingCameraHeight(
  db: Db,
  o: { shootingId: string; editId: string; reading: number; at: string },
): Promise<number> {
  await db
    .insertInto('shooting_framings')
    .values({ shooting_id: o.shootingId, camera_height: o.reading, fixed_by_edit_id: o.editId, created_at: o.at })
    .onConflict((oc) => oc.column('shooting_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('shooting_framings')
    .select('camera_height')
    .where('shooting_id', '=', o.shootingId)
    .executeTakeFirstOrThrow();
  return Number(row.camera_height);
}
