import type { Kysely } from 'kysely';

/**
 * Settings (issue 29): a stamp is versioned. `stamps` keeps the current version's number and overlay;
 * `stamp_versions` keeps every version (its overlay and background blobs, its composed design and cropping
 * configuration), so an edit never rewrites the blobs earlier versions stamped with. A dealer group can be
 * deactivated (`deactivated_at`): its users are refused, nothing is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stamps')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('stamps').addColumn('design', 'text').execute();
  await db.schema.alterTable('stamps').addColumn('updated_at', 'text').execute();
  await db.schema
    .createTable('stamp_versions')
    .addColumn('stamp_id', 'text', (c) => c.notNull().references('stamps.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('overlay_key', 'text', (c) => c.notNull())
    .addColumn('design', 'text')
    .addColumn('background_key', 'text')
    .addColumn('cropping_type', 'text', (c) => c.notNull())
    .addColumn('blurring_value', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stamp_versions_pk', ['stamp_id', 'version'])
    .execute();
  await db.schema.alterTable('dealer_groups').addColumn('deactivated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dealer_groups').dropColumn('deactivated_at').execute();
  await db.schema.dropTable('stamp_versions').execute();
  await db.schema.alterTable('stamps').dropColumn('updated_at').execute();
  await db.schema.alterTable('stamps').dropColumn('design').execute();
  await db.schema.alterTable('stamps').dropColumn('version').execute();
}
