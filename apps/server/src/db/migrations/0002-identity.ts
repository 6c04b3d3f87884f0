import type { Kysely } from 'kysely';

/**
 * The embedded OIDC provider's storage (sessions, codes, refresh tokens, grants, interactions) and the
 * sign-in throttle. Kept in the database so that restarts and several API processes share them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').columns(['model', 'uid']).execute();
  await db.schema.createIndex('oidc_payloads_expiry_idx').on('oidc_payloads').column('expires_at').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('oidc_payloads').execute();
}
