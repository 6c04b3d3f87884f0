import type { Db } from '../../platform/db/database';

/** The references already given out for a shooting (one per marketplace), oldest first. */
export async function listShootingRefs(db: Db, shootingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('player_references')
    .select('ref')
    .where('shooting_id', '=', shootingId)
    .orderBy('created_at')
    .orderBy('ref')
    .execute();
  return rows.map((r) => r.ref);
}
