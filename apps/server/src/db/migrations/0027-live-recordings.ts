import { sql, type Kysely } from 'kysely';

/**
 * Recordings of live calls through the SFU (`live_recordings`): one row per start, `recording` until the
 * dealer stops it, then `processing` (the compose job), `ready` (the MP4 in `blob_key`) or `failed`
 * (`error`). `share_token` is the unguessable token of its public link, made on the first share. At most one
 * recording is on per room (the partial unique index). Times are ISO strings, as the rooms'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_recordings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('blob_key', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('live_recordings_room')
    .on('live_recordings')
    .columns(['room_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('live_recordings_one_on')
    .on('live_recordings')
    .column('room_id')
    .unique()
    .where(sql.ref('status'), '=', 'recording')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_recordings').execute();
}
