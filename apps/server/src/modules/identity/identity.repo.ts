import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { readDataVersions } from '../../platform/db/data-versions';
import { rawRows, SqlParams } from '../../platform/db/raw-sql';
import type { UserContext } from './user-context';
import { optionValue } from './user-options';

/** One row of the user context's read: the user's own (its lists as JSON text), or one option, model, owner or version. */
interface UserContextRow extends Pick<UserContext, 'id' | 'email' | 'givenName' | 'familyName' | 'locale' | 'groupId'> {
  habilitations: string;
  roles: string;
  kind: 'user' | 'option' | 'model' | 'owner' | 'version';
  name: string | null;
  value: string | null;
}

/** The user's dealer group is not deactivated (settings, migration 0042): its users are refused everywhere. */
const ACTIVE_GROUP = 'group_id not in (select id from dealer_groups where deactivated_at is not null)';

/** A user's context with its data version (migration 0010) read in the same statement, so both agree. */
export interface VersionedUserContext {
  user: UserContext;
  version: number;
}

/**
 * A user with their options, models, owners and data version, read in one statement (every
 * authenticated request that misses the user context cache reads it): one row for the user, then one
 * per option, model and owner and one for the version, each child read by its user_id index. A
 * deactivated account has no context: its tokens, refreshes and sign-ins are all refused from here.
 */
export async function findVersionedUserContext(
  db: Db,
  by: { id?: string; email?: string },
): Promise<VersionedUserContext | null> {
  if (!by.id && !by.email) return null;
  const p = new SqlParams(db);
  const userId = () =>
    by.id ? p.bind(by.id) : `(select id from users where email = ${p.bind(by.email!.toLowerCase())})`;
  const none = 'null, null, null, null, null, null, null, null';
  const arm = (kind: string, table: string, name: string, value: string) =>
    `select ${none}, '${kind}' as kind, ${name} as name, ${value} as value from ${table} where user_id = ${userId()}`;
  const rows = await rawRows<UserContextRow>(
    db,
    [
      `select id, email, given_name as "givenName", family_name as "familyName", locale, group_id as "groupId",
       habilitations, roles, 'user' as kind, null as name, null as value
       from users where ${by.id ? `id = ${p.bind(by.id)}` : `email = ${p.bind(by.email!.toLowerCase())}`}
       and users.deactivated_at is null and ${ACTIVE_GROUP}`,
      arm('option', 'user_options', 'name', 'value'),
      arm('model', 'user_models', 'model_type', 'null'),
      arm('owner', 'user_owners', 'owner_id', 'null'),
      arm('version', 'user_context_versions', 'null', 'cast(version as text)'),
    ].join(' union all '),
    p,
  );
  const user = rows.find((r) => r.kind === 'user');
  if (!user) return null;
  const of = (kind: UserContextRow['kind']) => rows.filter((r) => r.kind === kind);
  return {
    user: {
      id: user.id,
      email: user.email,
      givenName: user.givenName,
      familyName: user.familyName,
      locale: user.locale,
      groupId: user.groupId,
      habilitations: JSON.parse(user.habilitations) as string[],
      roles: JSON.parse(user.roles) as string[],
      options: Object.fromEntries(of('option').map((o) => [o.name!, optionValue(o.value!)])),
      models: of('model').map((m) => m.name!),
      ownerIds: of('owner')
        .map((o) => o.name!)
        .sort(),
    },
    version: Number(of('version')[0]?.value ?? 0),
  };
}

/** A user with their options, models and owners. */
export async function findUserContext(db: Db, by: { id?: string; email?: string }): Promise<UserContext | null> {
  return (await findVersionedUserContext(db, by))?.user ?? null;
}

/**
 * The user's data version now (0 before any change): one primary-key read; with ownerIds, in the same
 * statement, the shootings list versions of these owners (platform/db/data-versions.ts).
 */
export async function userContextVersion(
  db: Db,
  userId: string,
  ownerIds?: readonly string[],
): Promise<{ user: number; ownerLists: string | null }> {
  return readDataVersions(db, { userId, ownerIds });
}

/** Whether some account of this e-mail domain signs in with the embedded provider (has a password). */
export async function embeddedDomainExists(db: Db, domain: string): Promise<boolean> {
  const pattern = `%@${domain.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`email like ${pattern} escape '\\'`)
    .where('password_hash', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The id and password hash of the embedded account with this e-mail (lower case), for sign-in, and whether it is
 * active (neither it nor its dealer group deactivated).
 */
export const findPasswordUser = async (db: Db, email: string) => {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'password_hash as passwordHash',
      sql<number>`case when deactivated_at is null and ${sql.raw(ACTIVE_GROUP)} then 1 else 0 end`.as('active'),
    ])
    .where('email', '=', email)
    .executeTakeFirst();
  return row && { id: row.id, passwordHash: row.passwordHash, active: Number(row.active) === 1 };
};

// ---- failed sign-ins (oidc/login-throttle.ts) ----

/** The failures counted against one key (an address or an e-mail) since windowStart. */
export interface LoginAttempt {
  failures: number;
  windowStart: string;
  lockedUntil: string | null;
}

export const findLoginAttempt = (db: Db, key: string): Promise<LoginAttempt | undefined> =>
  db
    .selectFrom('login_attempts')
    .select(['failures', 'window_start as windowStart', 'locked_until as lockedUntil'])
    .where('key', '=', key)
    .executeTakeFirst();

export async function saveLoginAttempt(db: Db, key: string, attempt: LoginAttempt, exists: boolean): Promise<void> {
  const values = { failures: attempt.failures, window_start: attempt.windowStart, locked_until: attempt.lockedUntil };
  if (exists) await db.updateTable('login_attempts').set(values).where('key', '=', key).execute();
  else
    await db
      .insertInto('login_attempts')
      .values({ key, ...values })
      .execute();
}

export async function deleteLoginAttempt(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** A dealer group's id and name. */
export async function findDealerGroup(db: Db, groupId: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('dealer_groups').select(['id', 'name']).where('id', '=', groupId).executeTakeFirst();
}

/** The owners among ownerIds, by name. Callers pass only ids inside the user's scope. */
export async function findOwners(
  db: Db,
  ownerIds: string[],
): Promise<Array<{ id: string; name: string; label: string }>> {
  if (!ownerIds.length) return [];
  return db.selectFrom('owners').select(['id', 'name', 'label']).where('id', 'in', ownerIds).orderBy('name').execute();
}
