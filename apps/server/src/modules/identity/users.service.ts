import type { CurrentUser, ModelType, OwnerLabel, UserModel, UserOption, UserOwner } from '@forecourt/contracts';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { embeddedDomainExists, findDealerGroup, findOwners } from './identity.repo';
import type { UserContext } from './user-context';

/** A user reads only their own records: any other id answers 404, as if it did not exist. */
const own = (user: UserContext, id: string): void => {
  if (id !== user.id) throw notFound('User');
};

/** Whether some account of this e-mail domain signs in with the embedded provider (the identity-provider lookup). */
export const embeddedDomainInUse = (db: Db, domain: string): Promise<boolean> => embeddedDomainExists(db, domain);

/** Who the user is, as every screen names them (the current user, the account page). */
export const userIdentity = (
  user: UserContext,
): Pick<CurrentUser, 'id' | 'email' | 'givenName' | 'familyName' | 'fullName' | 'locale'> => ({
  id: user.id,
  email: user.email,
  givenName: user.givenName,
  familyName: user.familyName,
  fullName: `${user.givenName} ${user.familyName}`.trim(),
  locale: user.locale,
});

export const currentUserOf = (user: UserContext): CurrentUser => ({
  ...userIdentity(user),
  groupId: user.groupId,
  habilitations: user.habilitations,
  roles: user.roles,
});

export function userModels(user: UserContext, id: string, types: ModelType[]): UserModel[] {
  own(user, id);
  return user.models
    .filter((m): m is ModelType => !types.length || (types as string[]).includes(m))
    .map((modelType) => ({ modelType }));
}

/** Options as the legacy call lists them; the username is the user id (preferred_username). */
export function userOptions(user: UserContext, username: string): UserOption[] {
  own(user, username);
  return Object.entries(user.options).map(([name, value]) => ({ name, value: value as UserOption['value'] }));
}

/** The user's dealer group by name; its id stands for the name should the group row be missing. */
export async function dealerGroupOf(db: Db, user: Pick<UserContext, 'groupId'>): Promise<{ id: string; name: string }> {
  return (await findDealerGroup(db, user.groupId)) ?? { id: user.groupId, name: user.groupId };
}

/** The owners (stocks) the user reaches, by name. */
export const ownersOf = (db: Db, user: Pick<UserContext, 'ownerIds'>): Promise<UserOwner[]> =>
  findOwners(db, user.ownerIds);

export async function userOwners(db: Db, user: UserContext, id: string): Promise<UserOwner[]> {
  own(user, id);
  return ownersOf(db, user);
}

/** Labels of the asked owners the user reaches; others are left out. The label falls back to the id. */
export async function ownerLabels(db: Db, user: UserContext, ids: string[]): Promise<OwnerLabel[]> {
  const owners = await findOwners(
    db,
    ids.filter((id) => user.ownerIds.includes(id)),
  );
  return owners.map((o) => ({ ownerId: o.id, label: o.label || o.id }));
}

export function groupIdOf(user: UserContext, id: string): { groupId: string } {
  own(user, id);
  return { groupId: user.groupId };
}
