import type { Kysely } from 'kysely';

/**
 * A dealer group's copies of the built-in marketplace profiles (issue 32 point 3, decision 0097). The built-in
 * profiles live in code (modules/marketplaces/builtin-profiles.ts) with their sources; a copy keeps its base's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('marketplace_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('base_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('marketplace_profiles_group')
    .on('marketplace_profiles')
    .columns(['group_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('marketplace_profiles').execute();
}
