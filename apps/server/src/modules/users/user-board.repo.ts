import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { UserContext } from '../identity/user-context';
import { optionRows, optionValue } from '../identity/user-options';

/** An account as the board reads it: the user with its rights (as its sessions see them) and its pending invitation. */
export interface BoardUserRow extends Omit<UserContext, 'apiKey'> {
  hasPassword: boolean;
  deactivatedAt: string | null;
  createdAt: string;
  invitationExpiresAt: string | null;
}

export interface BoardUserListRow {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  habilitations: string;
  roles: string;
  hasPassword: number | boolean;
  deactivatedAt: string | null;
}

/** The stored rights of an account, as written (JSON lists, JSON option values). */
export interface StoredRights {
  givenName: string;
  familyName: string;
  locale: string;
  habilitations: string[];
  roles: string[];
  models: string[];
  options: Record<string, unknown>;
  ownerIds: string[];
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a group's users by family name, given name and id (the users_group_name index gives that
 * order), filtered by a piece of the name or the e-mail, with the count of every match.
 */
export async function listGroupUsers(
  db: Db,
  groupId: string,
  opts: { q?: string; offset: number; limit: number },
): Promise<{ rows: BoardUserListRow[]; total: number }> {
  let query = db.selectFrom('users').where('group_id', '=', groupId);
  if (opts.q) {
    const pattern = likePattern(opts.q);
    // Matched without case: SQLite's like ignores ASCII case, PostgreSQL needs ilike.
    const like = sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? 'ilike' : 'like');
    // A piece without a space lies within one field: three plain matches cost less than building a string per row.
    query = query.where(
      opts.q.includes(' ')
        ? sql<boolean>`(given_name || ' ' || family_name) ${like} ${pattern} escape '\\'`
        : sql<boolean>`(family_name ${like} ${pattern} escape '\\' or given_name ${like} ${pattern} escape '\\' or email ${like} ${pattern} escape '\\')`,
    );
  }
  const page = query
    .select([
      'id',
      'email',
      'given_name as givenName',
      'family_name as familyName',
      'habilitations',
      'roles',
      'deactivated_at as deactivatedAt',
      sql<number>`case when password_hash is null then 0 else 1 end`.as('hasPassword'),
    ])
    .orderBy('family_name')
    .orderBy('given_name')
    .orderBy('id')
    .limit(opts.limit)
    .offset(opts.offset);
  const count = async () =>
    Number((await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  if (!opts.q) {
    // The group's own count reads the index alone; the page walks it in order and stops at the limit.
    const [rows, total] = await Promise.all([page.execute(), count()]);
    return { rows, total };
  }
  // A search scans the group's rows once: the count of every match comes with the page (a window).
  const rows = await page.select(sql<number | string>`count(*) over ()`.as('matches')).execute();
  const total = rows.length ? Number(rows[0]!.matches) : await count();
  return { rows: rows.map(({ matches: _m, ...r }) => r), total };
}

/** One account of the group with its options, models, stocks and pending invitation; undefined elsewhere. */
export async function findGroupUser(db: Db, groupId: string, id: string): Promise<BoardUserRow | undefined> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!user) return undefined;
  const [options, models, owners, invitation] = await Promise.all([
    db.selectFrom('user_options').select(['name', 'value']).where('user_id', '=', id).execute(),
    db.selectFrom('user_models').select('model_type').where('user_id', '=', id).execute(),
    db.selectFrom('user_owners').select('owner_id').where('user_id', '=', id).orderBy('owner_id').execute(),
    db
      .selectFrom('user_invitations')
      .select((eb) => eb.fn.max('expires_at').as('expires_at'))
      .where('user_id', '=', id)
      .executeTakeFirst(),
  ]);
  return {
    id: user.id,
    email: user.email,
    givenName: user.given_name,
    familyName: user.family_name,
    locale: user.locale,
    groupId: user.group_id,
    habilitations: JSON.parse(user.habilitations) as string[],
    roles: JSON.parse(user.roles) as string[],
    hasPassword: user.password_hash !== null,
    deactivatedAt: user.deactivated_at,
    createdAt: user.created_at,
    options: Object.fromEntries(options.map((o) => [o.name, optionValue(o.value)])),
    models: models.map((m) => m.model_type),
    ownerIds: owners.map((o) => o.owner_id),
    invitationExpiresAt: invitation?.expires_at ?? null,
  };
}

/** The accounts of these e-mails (lower case), whichever group holds them. */
export async function findUsersByEmail(
  db: Db,
  emails: string[],
): Promise<Array<{ id: string; email: string; groupId: string }>> {
  const found: Array<{ id: string; email: string; groupId: string }> = [];
  // Chunked: SQLite and PostgreSQL both cap the parameters of one statement.
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    if (chunk.length)
      found.push(
        ...(await db
          .selectFrom('users')
          .select(['id', 'email', 'group_id as groupId'])
          .where('email', 'in', chunk)
          .execute()),
      );
  }
  return found;
}

/** The rights of these accounts of the group, by id (the import's "what would change"). */
export async function findGroupUsersRights(db: Db, groupId: string, ids: string[]): Promise<Map<string, StoredRights>> {
  const out = new Map<string, StoredRights>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (!chunk.length) continue;
    const [users, options, models, owners] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'given_name', 'family_name', 'locale', 'habilitations', 'roles'])
        .where('group_id', '=', groupId)
        .where('id', 'in', chunk)
        .execute(),
      db.selectFrom('user_options').select(['user_id', 'name', 'value']).where('user_id', 'in', chunk).execute(),
      db.selectFrom('user_models').select(['user_id', 'model_type']).where('user_id', 'in', chunk).execute(),
      db.selectFrom('user_owners').select(['user_id', 'owner_id']).where('user_id', 'in', chunk).execute(),
    ]);
    for (const u of users)
      out.set(u.id, {
        givenName: u.given_name,
        familyName: u.family_name,
        locale: u.locale,
        habilitations: JSON.parse(u.habilitations) as string[],
        roles: JSON.parse(u.roles) as string[],
        models: [],
        options: {},
        ownerIds: [],
      });
    for (const o of options) {
      const r = out.get(o.user_id);
      if (r) r.options[o.name] = optionValue(o.value);
    }
    for (const m of models) out.get(m.user_id)?.models.push(m.model_type);
    for (const o of owners) out.get(o.user_id)?.ownerIds.push(o.owner_id);
  }
  return out;
}

/** The name of a dealer group, or undefined when there is none of that id. */
export async function findGroupName(db: Db, groupId: string): Promise<string | undefined> {
  return (await db.selectFrom('dealer_groups').select('name').where('id', '=', groupId).executeTakeFirst())?.name;
}

/** Whether the dealer group is deactivated (settings): its users are refused everywhere. */
export async function isGroupDeactivated(db: Db, groupId: string): Promise<boolean> {
  const row = await db
    .selectFrom('dealer_groups')
    .select('deactivated_at')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return Boolean(row?.deactivated_at);
}

/** The group's stocks (owners), by name. */
export const groupOwners = (db: Db, groupId: string) =>
  db.selectFrom('owners').select(['id', 'name']).where('group_id', '=', groupId).orderBy('name').execute();

/** A new account's own columns: who it is and since when; its rights come apart. */
export interface NewAccount {
  id: string;
  email: string;
  groupId: string;
  createdAt: string;
  /** Set by the setup and the admin command; an invited or federated account has none. */
  passwordHash?: string | null;
}

/** The columns of users that hold an account's names, language and rights (its lists as JSON). */
const rightsColumns = (rights: StoredRights) => ({
  given_name: rights.givenName,
  family_name: rights.familyName,
  locale: rights.locale,
  habilitations: JSON.stringify(rights.habilitations),
  roles: JSON.stringify(rights.roles),
});

const userValues = (user: NewAccount, rights: StoredRights) => ({
  id: user.id,
  email: user.email,
  group_id: user.groupId,
  created_at: user.createdAt,
  password_hash: user.passwordHash ?? null,
  ...rightsColumns(rights),
});

/** Creates an account with its rights (account-creation.service.ts). Call inside a transaction. */
export async function insertUser(db: Db, user: NewAccount, rights: StoredRights): Promise<void> {
  await db.insertInto('users').values(userValues(user, rights)).execute();
  await insertChildren(db, user.id, rights);
}

/** Creates many accounts (no password yet) with their rights, a few statements per hundred accounts. */
export async function insertUsers(db: Db, users: Array<{ user: NewAccount; rights: StoredRights }>): Promise<void> {
  // Chunks keep each statement under both dialects' limit on bound parameters.
  for (let i = 0; i < users.length; i += 100) {
    const chunk = users.slice(i, i + 100);
    await db
      .insertInto('users')
      .values(chunk.map(({ user, rights }) => userValues(user, rights)))
      .execute();
    const options = chunk.flatMap(({ user, rights }) => optionRows(user.id, rights.options));
    const models = chunk.flatMap(({ user, rights }) => rights.models.map((m) => ({ user_id: user.id, model_type: m })));
    const owners = chunk.flatMap(({ user, rights }) => rights.ownerIds.map((o) => ({ user_id: user.id, owner_id: o })));
    if (options.length) await db.insertInto('user_options').values(options).execute();
    if (models.length) await db.insertInto('user_models').values(models).execute();
    if (owners.length) await db.insertInto('user_owners').values(owners).execute();
  }
}

/** An invitation to set a password: the hash of its link's token, for one account until expiresAt. */
export interface InvitationRow {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

const invitationValues = (r: InvitationRow) => ({
  token_hash: r.tokenHash,
  user_id: r.userId,
  created_at: r.createdAt,
  expires_at: r.expiresAt,
});

/** Invitations of new accounts (none had one before). */
export async function insertInvitations(db: Db, rows: InvitationRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('user_invitations')
      .values(rows.slice(i, i + 500).map(invitationValues))
      .execute();
}

async function insertChildren(db: Db, userId: string, rights: StoredRights): Promise<void> {
  const options = optionRows(userId, rights.options);
  if (options.length) await db.insertInto('user_options').values(options).execute();
  if (rights.models.length)
    await db
      .insertInto('user_models')
      .values(rights.models.map((m) => ({ user_id: userId, model_type: m })))
      .execute();
  if (rights.ownerIds.length)
    await db
      .insertInto('user_owners')
      .values(rights.ownerIds.map((o) => ({ user_id: userId, owner_id: o })))
      .execute();
}

/** Replaces an account's names, language and rights. Call inside a transaction. */
export async function replaceRights(db: Db, userId: string, rights: StoredRights): Promise<void> {
  await db.updateTable('users').set(rightsColumns(rights)).where('id', '=', userId).execute();
  await db.deleteFrom('user_options').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_models').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_owners').where('user_id', '=', userId).execute();
  await insertChildren(db, userId, rights);
}

export async function setDeactivated(db: Db, userId: string, at: string | null): Promise<void> {
  await db.updateTable('users').set({ deactivated_at: at }).where('id', '=', userId).execute();
}

/**
 * Forgets the embedded provider's sessions, grants and refresh tokens of an account, on every process
 * (they are rows of oidc_payloads): a deactivated account keeps none to come back with when reactivated.
 */
export async function revokeProviderState(db: Db, userId: string): Promise<void> {
  const marker = `%"accountId":${JSON.stringify(userId)}%`;
  await db
    .deleteFrom('oidc_payloads')
    .where('model', 'in', ['Session', 'Grant', 'RefreshToken', 'AuthorizationCode', 'AccessToken'])
    .where('payload', 'like', marker)
    .execute();
}

/** The only live invitation of an account: any earlier link stops working. */
export async function replaceInvitation(db: Db, invitation: InvitationRow): Promise<void> {
  await db.deleteFrom('user_invitations').where('user_id', '=', invitation.userId).execute();
  await db.insertInto('user_invitations').values(invitationValues(invitation)).execute();
}

export async function deleteInvitations(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_invitations').where('user_id', '=', userId).execute();
}

/** The invitation (or password-reset link) of this token hash with its account. */
export const findInvitation = (db: Db, tokenHash: string) =>
  db
    .selectFrom('user_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select([
      'i.user_id as userId',
      'i.expires_at as expiresAt',
      'u.email',
      'u.given_name as givenName',
      'u.group_id as groupId',
      'u.password_hash as passwordHash',
      'u.deactivated_at as deactivatedAt',
    ])
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** The account of this e-mail (lower case), whichever group holds it, with its roles: a federated sign-in's read. */
export async function findAccountByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; groupId: string; roles: string[]; deactivatedAt: string | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'group_id as groupId', 'roles', 'deactivated_at as deactivatedAt'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row && { ...row, roles: JSON.parse(row.roles) as string[] };
}

/** Replaces an account's roles only. Call inside a transaction. */
export async function setRoles(db: Db, userId: string, roles: string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ roles: JSON.stringify(roles) })
    .where('id', '=', userId)
    .execute();
}
