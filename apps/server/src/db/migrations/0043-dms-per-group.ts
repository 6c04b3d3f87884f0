import type { Kysely } from 'kysely';

/**
 * The DMS of each dealer group (settings, issue 29): a group without a row uses the deployment's DMS_DRIVER. Every
 * delivery (a shooting's push or a settings test) is recorded with its outcome, newest read first per group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dms_settings')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('dms_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('shooting_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dms_deliveries_group_at')
    .on('dms_deliveries')
    .columns(['group_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dms_deliveries').execute();
  await db.schema.dropTable('dms_settings').execute();
}
