import type { Kysely } from 'kysely';

/**
 * A message a job sends carries its job's dedupe key (`dedupe_key`), kept on its SENT or OUTBOX row: the job retried
 * after the send (a crash, a lost lease) finds it and does not send it again. Unique per channel; NULLs (messages sent
 * by a person, failures) stay distinct on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications_outbox').addColumn('dedupe_key', 'text').execute();
  await db.schema
    .createIndex('notifications_outbox_dedupe_uq')
    .on('notifications_outbox')
    .columns(['channel', 'dedupe_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_outbox_dedupe_uq').execute();
  await db.schema.alterTable('notifications_outbox').dropColumn('dedupe_key').execute();
}
