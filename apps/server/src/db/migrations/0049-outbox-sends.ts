import type { Kysely } from 'kysely';

/**
 * The outbox also records what SMTP and the SMS gateway sent (issue 34.7): transport_id is the transport's
 * message id of a SENT row. Unique per channel so that recording the same success twice keeps one row; NULLs
 * (kept messages, failures) stay distinct on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications_outbox').addColumn('transport_id', 'text').execute();
  await db.schema
    .createIndex('notifications_outbox_transport_uq')
    .on('notifications_outbox')
    .columns(['channel', 'transport_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_outbox_transport_uq').execute();
  await db.schema.alterTable('notifications_outbox').dropColumn('transport_id').execute();
}
