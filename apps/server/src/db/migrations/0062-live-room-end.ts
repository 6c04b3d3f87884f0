import type { Kysely } from 'kysely';

/**
 * A live room's end (issue 32, `live.room.ended`): when its first participant came in, how many came, and when it
 * ended (its host ended it, or it stayed empty for LIVE_ROOM_END_GRACE_SECONDS). A room ends once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_rooms').addColumn('started_at', 'text').execute();
  await db.schema
    .alterTable('live_rooms')
    .addColumn('participants_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('live_rooms').addColumn('ended_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['started_at', 'participants_count', 'ended_at'])
    await db.schema.alterTable('live_rooms').dropColumn(c).execute();
}
