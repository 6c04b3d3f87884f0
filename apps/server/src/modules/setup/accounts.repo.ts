import type { Db, Executor } from '../../platform/db/database';

export const findGroupById = (db: Executor, id: string) =>
  db.selectFrom('dealer_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const findGroupsByName = (db: Executor, name: string) =>
  db.selectFrom('dealer_groups').select(['id', 'name']).where('name', '=', name).execute();

export async function insertGroup(db: Executor, row: { id: string; name: string; createdAt: string }) {
  await db.insertInto('dealer_groups').values({ id: row.id, name: row.name, created_at: row.createdAt }).execute();
}

export const findUserByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').select(['id', 'email', 'group_id as groupId']).where('email', '=', email).executeTakeFirst();

/** Sets a password; an invitation or password-reset link of the account dies with the old one. */
export async function setPasswordHash(db: Executor, userId: string, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
  await db.deleteFrom('user_invitations').where('user_id', '=', userId).execute();
}

export interface UserListRow {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  groupId: string;
  habilitations: string;
  roles: string;
  hasPassword: number | boolean;
}

/** Accounts by group then e-mail, of one group or all. */
export async function listUserRows(db: Db, groupId?: string): Promise<UserListRow[]> {
  let q = db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'given_name as givenName',
      'family_name as familyName',
      'group_id as groupId',
      'habilitations',
      'roles',
    ])
    .select((eb) => eb.case().when('password_hash', 'is not', null).then(1).else(0).end().as('hasPassword'));
  if (groupId) q = q.where('group_id', '=', groupId);
  return q.orderBy('group_id').orderBy('email').execute();
}
