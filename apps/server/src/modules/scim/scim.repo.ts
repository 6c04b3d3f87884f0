import type { Db, Executor } from '../../platform/db/database';

/** One scim_tokens row in the domain's camelCase. */
export interface ScimTokenRow {
  id: string;
  groupId: string;
  label: string;
  tokenHash: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const TOKEN_COLUMNS = [
  'id',
  'group_id as groupId',
  'label',
  'token_hash as tokenHash',
  'created_at as createdAt',
  'created_by as createdBy',
  'last_used_at as lastUsedAt',
  'revoked_at as revokedAt',
] as const;

export const groupExists = async (db: Db, groupId: string): Promise<boolean> =>
  !!(await db.selectFrom('dealer_groups').select('id').where('id', '=', groupId).executeTakeFirst());

export async function insertScimToken(
  db: Executor,
  row: Omit<ScimTokenRow, 'lastUsedAt' | 'revokedAt'>,
): Promise<void> {
  await db
    .insertInto('scim_tokens')
    .values({
      id: row.id,
      group_id: row.groupId,
      label: row.label,
      token_hash: row.tokenHash,
      created_at: row.createdAt,
      created_by: row.createdBy,
    })
    .execute();
}

export const listScimTokens = (db: Db, groupId: string): Promise<ScimTokenRow[]> =>
  db
    .selectFrom('scim_tokens')
    .select(TOKEN_COLUMNS)
    .where('group_id', '=', groupId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findScimToken = (db: Db, groupId: string, id: string): Promise<ScimTokenRow | undefined> =>
  db
    .selectFrom('scim_tokens')
    .select(TOKEN_COLUMNS)
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function revokeScimToken(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('scim_tokens').set({ revoked_at: at }).where('id', '=', id).execute();
}

/** The live token with this hash, if its group is active too: one read per SCIM request. */
export const findLiveScimToken = (db: Db, tokenHash: string) =>
  db
    .selectFrom('scim_tokens as t')
    .innerJoin('dealer_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.group_id as groupId', 't.label', 't.last_used_at as lastUsedAt', 'g.name as groupName'])
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
  givenName: string;
  familyName: string;
  roles: string;
  createdAt: string;
  deactivatedAt: string | null;
}

const USER_COLUMNS = [
  'id',
  'email',
  'given_name as givenName',
  'family_name as familyName',
  'roles',
  'created_at as createdAt',
  'deactivated_at as deactivatedAt',
] as const;

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
