import type { Db } from '../../platform/db/database';
import { rawRows, SqlParams } from '../../platform/db/raw-sql';

export interface UserContext {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  locale: string;
  groupId: string;
  habilitations: string[];
  roles: string[];
  /** Option name to its value: booleans for switches, lists for vehicleIdentificationMethods. */
  options: Record<string, unknown>;
  models: string[];
  /** The owners (stocks) this user reaches: every query scoped by tenancy uses this list. */
  ownerIds: string[];
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

interface UserContextRow {
  id: string;
  email: string;
  given_name: string;
  family_name: string;
  locale: string;
  group_id: string;
  habilitations: string;
  roles: string;
  kind: 'user' | 'option' | 'model' | 'owner';
  name: string | null;
  value: string | null;
}

/**
 * A user with their options, models and owners, read in one statement (every authenticated request
 * reads it): one row for the user, then one per option, model and owner, each carrying the user's
 * columns.
 */
export async function findUserContext(db: Db, by: { id?: string; email?: string }): Promise<UserContext | null> {
  if (!by.id && !by.email) return null;
  const p = new SqlParams(db);
  const key = () => (by.id ? `u.id = ${p.bind(by.id)}` : `u.email = ${p.bind(by.email!.toLowerCase())}`);
  const userColumns = 'u.id, u.email, u.given_name, u.family_name, u.locale, u.group_id, u.habilitations, u.roles';
  const arm = (kind: string, table: string, name: string, value: string) =>
    `select ${userColumns}, '${kind}' as kind, x.${name} as name, ${value} as value from users as u inner join ${table} as x on x.user_id = u.id where ${key()}`;
  const rows = await rawRows<UserContextRow>(
    db,
    [
      `select ${userColumns}, 'user' as kind, null as name, null as value from users as u where ${key()}`,
      arm('option', 'user_options', 'name', 'x.value'),
      arm('model', 'user_models', 'model_type', 'null'),
      arm('owner', 'user_owners', 'owner_id', 'null'),
    ].join(' union all '),
    p,
  );
  const user = rows.find((r) => r.kind === 'user');
  if (!user) return null;
  const of = (kind: UserContextRow['kind']) => rows.filter((r) => r.kind === kind);
  return {
    id: user.id,
    email: user.email,
    givenName: user.given_name,
    familyName: user.family_name,
    locale: user.locale,
    groupId: user.group_id,
    habilitations: JSON.parse(user.habilitations) as string[],
    roles: JSON.parse(user.roles) as string[],
    options: Object.fromEntries(of('option').map((o) => [o.name!, parseJson(o.value!)])),
    models: of('model').map((m) => m.name!),
    ownerIds: of('owner')
      .map((o) => o.name!)
      .sort(),
  };
}

/** True when the option is switched on (a true boolean or a non-empty list). */
export const hasOption = (user: UserContext, name: string): boolean => {
  const v = user.options[name];
  return Array.isArray(v) ? v.length > 0 : v === true;
};

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}

/** The owners among ownerIds, by name. Callers pass only ids inside the user's scope. */
export async function findOwners(db: Db, ownerIds: string[]): Promise<Array<{ id: string; name: string; label: string }>> {
  if (!ownerIds.length) return [];
  return db.selectFrom('owners').select(['id', 'name', 'label']).where('id', 'in', ownerIds).orderBy('name').execute();
}
