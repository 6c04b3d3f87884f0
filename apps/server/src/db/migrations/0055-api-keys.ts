import type { Kysely } from 'kysely';

/**
 * API keys of a dealer group (issue 32 point 1, decision 0093): its systems call the portal's /api routes with
 * a key, within its scopes and stocks. Only the key's SHA-256 is stored; a revoked or expired key is kept so
 * that the settings still list who had access.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('owner_ids', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('acting_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_group').on('api_keys').columns(['group_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
