import type { Kysely } from 'kysely';

/**
 * Live signalling shared by several API processes (the PostgreSQL signal bus; the embedded driver keeps
 * rooms in memory and never touches these tables):
 * - `live_members`: who is in which room, held by which process and socket (`session`), with a lease the
 *   holding process renews while the socket is open. A dropped socket's lease is cut to the rejoin grace;
 *   a dead process stops renewing. Any process removes an expired member and tells the room it left.
 * - `live_missed`: messages for a member whose socket is away, kept for its rejoin through any process.
 * - `live_signals`: messages too large for a NOTIFY payload (8000 bytes; an SDP offer can be more); the
 *   notification carries the row's id.
 * - `live_room_spins`: the spin the dealer shows, per room.
 * Times are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_members')
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('host', 'integer', (c) => c.notNull())
    .addColumn('media', 'text')
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('detached', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_members_pk', ['room', 'participant_id'])
    .execute();
  await db.schema.createIndex('live_members_lease').on('live_members').column('lease_until').execute();
  await db.schema.createIndex('live_members_process').on('live_members').column('process_id').execute();
  await db.schema
    .createTable('live_missed')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_missed_member')
    .on('live_missed')
    .columns(['room', 'participant_id', 'seq'])
    .execute();
  await db.schema
    .createTable('live_signals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_signals_created').on('live_signals').column('created_at').execute();
  await db.schema
    .createTable('live_room_spins')
    .addColumn('room', 'text', (c) => c.primaryKey())
    .addColumn('spin', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_room_spins').execute();
  await db.schema.dropTable('live_signals').execute();
  await db.schema.dropTable('live_missed').execute();
  await db.schema.dropTable('live_members').execute();
}
