import type { Kysely } from 'kysely';

/**
 * Image edits (licence-plate cover, cropping): one row per request on one position of a shooting, with
 * its parameters, its state and the files it produced, so that the portal can follow it and a retried
 * job finds what is already done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('original_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('outputs', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('image_edits_shooting').on('image_edits').column('shooting_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_edits').ifExists().execute();
}
