import type { Kysely } from 'kysely';

/**
 * The first run's one-time setup codes, stored as their SHA-256 only. Each API process that starts
 * with no provider administrator adds one and prints it; completing the setup removes them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setup_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setup_codes').execute();
}
