import type { Db } from '../../platform/db/database';

export async function insertEvent(db: Db, row: { id: string; userId: string; kind: string; subject: string; payload: object; now: string }): Promise<void> {
  await db
    .insertInto('statistics_events')
    .values({ id: row.id, user_id: row.userId, kind: row.kind, subject: row.subject, payload: JSON.stringify(row.payload), created_at: row.now })
    .execute();
}
