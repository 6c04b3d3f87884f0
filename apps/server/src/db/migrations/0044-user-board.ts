import type { Kysely } from 'kysely';

/**
 * The user board (issue 29): an account can be deactivated (kept, refused everywhere, reactivated later),
 * and an invitation carries a one-time link to set a password on the embedded provider. The board lists a
 * group's users by name, so the index serves its order and its paging without a sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
  await db.schema
    .createIndex('users_group_name')
    .on('users')
    .columns(['group_id', 'family_name', 'given_name', 'id'])
    .execute();

  await db.schema
    .createTable('user_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_invitations_user').on('user_invitations').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_invitations').execute();
  await db.schema.dropIndex('users_group_name').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
