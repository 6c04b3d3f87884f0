import type { Kysely } from 'kysely';

/**
 * Just-in-time accounts of external identity providers (issue 29, point 4): per e-mail domain of an
 * external provider, the dealer group a first sign-in joins and the rights it gets, and the mapping from a
 * claim of the token (`groups`) to roles applied at every sign-in. One rule a domain, whichever group holds
 * it. The lists are JSON text, as `users.roles` is: a rule is read whole, never searched by its rights.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domain_rules')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('owner_ids', 'text', (c) => c.notNull())
    .addColumn('claim_name', 'text', (c) => c.notNull())
    .addColumn('claim_roles', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('domain_rules_group').on('domain_rules').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('domain_rules').execute();
}
