import type { Db } from '../../platform/db/database';

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

export async function findUserContext(db: Db, by: { id?: string; email?: string }): Promise<UserContext | null> {
  let q = db.selectFrom('users').selectAll();
  if (by.id) q = q.where('id', '=', by.id);
  else if (by.email) q = q.where('email', '=', by.email.toLowerCase());
  else return null;
  const user = await q.executeTakeFirst();
  if (!user) return null;
  const [options, models, owners] = await Promise.all([
    db.selectFrom('user_options').select(['name', 'value']).where('user_id', '=', user.id).execute(),
    db.selectFrom('user_models').select('model_type').where('user_id', '=', user.id).execute(),
    db.selectFrom('user_owners').select('owner_id').where('user_id', '=', user.id).orderBy('owner_id').execute(),
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
    options: Object.fromEntries(options.map((o) => [o.name, parseJson(o.value)])),
    models: models.map((m) => m.model_type),
    ownerIds: owners.map((o) => o.owner_id),
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
