import type { Db, Executor } from '../../platform/db/database';

export interface ScimTokenRow {
  id: string;
  group_id: string;
  label: string;
  token_hash: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export const groupExists = async (db: Db, groupId: string): Promise<boolean> =>
  !!(await db.selectFrom('dealer_groups').select('id').where('id', '=', groupId).executeTakeFirst());

export async function insertScimToken(
  db: Executor,
  row: Omit<ScimTokenRow, 'last_used_at' | 'revoked_at'>,
): Promise<void> {
  await db.insertInto('scim_tokens').values(row).execute();
}

export const listScimTokens = (db: Db, groupId: string): Promise<ScimTokenRow[]> =>
  db
    .selectFrom('scim_tokens')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findScimToken = (db: Db, groupId: string, id: string): Promise<ScimTokenRow | undefined> =>
  db.selectFrom('scim_tokens').selectAll().where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();

export async function revokeScimToken(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('scim_tokens').set({ revoked_at: at }).where('id', '=', id).execute();
}

/** The live token with this hash, if its group is active too: one read per SCIM request. */
export const findLiveScimToken = (db: Db, tokenHash: string) =>
  db
    .selectFrom('scim_tokens as t')
    .innerJoin('dealer_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.group_id', 't.label', 't.last_used_at', 'g.name as group_name'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('g.deactivated_at', 'is', null)
    .executeTakeFirst();

export async function touchScimToken(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('scim_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** What a SCIM User is made of. */
export interface ScimUserRow {
  id: string;
  email: string;
  given_name: string;
  family_name: string;
  roles: string;
  created_at: string;
  deactivated_at: string | null;
}

const USER_COLUMNS = ['id', 'email', 'given_name', 'family_name', 'roles', 'created_at', 'deactivated_at'] as const;

/** A page of the group's users in creation order, optionally only the one with this e-mail, and how many match. */
export async function listScimUsers(
  db: Db,
  groupId: string,
  opts: { email?: string; offset: number; limit: number },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  let query = db.selectFrom('users').where('group_id', '=', groupId);
  if (opts.email !== undefined) query = query.where('email', '=', opts.email);
  const [rows, count] = await Promise.all([
    opts.limit > 0
      ? query.select(USER_COLUMNS).orderBy('created_at').orderBy('id').offset(opts.offset).limit(opts.limit).execute()
      : Promise.resolve([]),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findScimUser = (db: Db, groupId: string, id: string): Promise<ScimUserRow | undefined> =>
  db.selectFrom('users').select(USER_COLUMNS).where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();

/** The group's users holding a role (roles is a JSON array of names). */
export const usersWithRole = (db: Db, groupId: string, role: string): Promise<Array<{ id: string; email: string }>> =>
  db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('group_id', '=', groupId)
    .where('roles', 'like', `%${JSON.stringify(role)}%`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
