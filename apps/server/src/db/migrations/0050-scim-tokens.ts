import type { Kysely } from 'kysely';

/**
 * SCIM 2.0 provisioning (issue 29, point 4): the bearer tokens an identity provider (Entra ID, Okta) uses
 * on /scim/v2 for one dealer group. Only the token's SHA-256 is stored; a revoked token is kept (revoked_at)
 * so that the settings still list who had access, and every request looks the hash up, so a revocation
 * holds on every process from the next request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('scim_tokens_group').on('scim_tokens').columns(['group_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scim_tokens').execute();
}
