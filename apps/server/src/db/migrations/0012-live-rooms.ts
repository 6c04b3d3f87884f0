import type { Kysely } from 'kysely';

/**
 * Live rooms: the vehicle a room may be held about (its registration and the player whose spin the dealer
 * shows in the call), and the index of the meeting-code lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_rooms').addColumn('registration', 'text').execute();
  await db.schema.alterTable('live_rooms').addColumn('player_ref', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_rooms').dropColumn('player_ref').execute();
  await db.schema.alterTable('live_rooms').dropColumn('registration').execute();
}
