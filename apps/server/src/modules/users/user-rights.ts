import {
  MANAGE_USERS_ROLE,
  USER_OPTION_NAMES,
  VEHICLE_IDENTIFICATION_METHODS,
  type BoardUserOptions,
  type BoardUserRights,
  type Escalation,
} from '@forecourt/contracts';
import { AppError, forbidden } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import type { StoredRights } from './user-board.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The board is for role manage-users on a non-legacy account (a UUID user id, spec sections 2 and 6). */
export function requireBoard(user: UserContext): void {
  if (!user.roles.includes(MANAGE_USERS_ROLE) || !UUID.test(user.id))
    throw forbidden('The user board needs the manage-users role on a non-legacy account');
}

export const isProviderAdministrator = (user: Pick<UserContext, 'habilitations'>): boolean =>
  user.habilitations.includes('PROVIDER_ADMINISTRATOR');

type Switch = Exclude<(typeof USER_OPTION_NAMES)[number], 'vehicleIdentificationMethods'>;
const SWITCHES = USER_OPTION_NAMES.filter((n): n is Switch => n !== 'vehicleIdentificationMethods');

const methodsOf = (options: Record<string, unknown>): string[] => {
  const v = options.vehicleIdentificationMethods;
  return Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : [];
};

/** Every option written out: a switch on or off, and the list of methods (empty when off). */
export function normaliseOptions(options: BoardUserOptions): Record<string, unknown> {
  return {
    ...Object.fromEntries(SWITCHES.map((n) => [n, options[n] === true])),
    vehicleIdentificationMethods: VEHICLE_IDENTIFICATION_METHODS.filter((m) =>
      (options.vehicleIdentificationMethods ?? []).includes(m),
    ),
  };
}

/** The options as the board shows them: only the known ones, in their contract's shape. */
export function boardOptions(options: Record<string, unknown>): BoardUserOptions {
  return {
    ...Object.fromEntries(SWITCHES.map((n) => [n, options[n] === true])),
    vehicleIdentificationMethods: VEHICLE_IDENTIFICATION_METHODS.filter((m) => methodsOf(options).includes(m)),
  };
}

/** What the audit log keeps of an account's rights (never a password or a token). */
export const auditedRights = (r: StoredRights, extra: Record<string, unknown> = {}) => ({
  ...extra,
  givenName: r.givenName,
  familyName: r.familyName,
  locale: r.locale,
  habilitations: r.habilitations,
  roles: r.roles,
  models: r.models,
  options: boardOptions(r.options),
  ownerIds: r.ownerIds,
});

const added = (before: readonly string[], after: readonly string[]) => after.filter((v) => !before.includes(v));
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/**
 * What `after` gives that `before` did not and the granter does not hold: roles, models, options (a switch
 * turned on, a method added) and stocks. Habilitations change only by a provider administrator. Taking a
 * right away is never an escalation.
 */
export function escalations(granter: UserContext, before: StoredRights | null, after: StoredRights): Escalation[] {
  const was: Pick<StoredRights, 'roles' | 'habilitations' | 'models' | 'options' | 'ownerIds'> = before ?? {
    roles: [],
    habilitations: [],
    models: [],
    options: {},
    ownerIds: [],
  };
  const out: Escalation[] = [];
  for (const role of added(was.roles, after.roles))
    if (!granter.roles.includes(role)) out.push({ field: 'roles', value: role });
  if (!sameSet(was.habilitations, after.habilitations) && !isProviderAdministrator(granter))
    for (const h of [
      ...added(was.habilitations, after.habilitations),
      ...added(after.habilitations, was.habilitations),
    ])
      out.push({ field: 'habilitations', value: h });
  for (const model of added(was.models, after.models))
    if (!granter.models.includes(model)) out.push({ field: 'models', value: model });
  for (const name of SWITCHES)
    if (after.options[name] === true && was.options[name] !== true && granter.options[name] !== true)
      out.push({ field: 'options', value: name });
  for (const method of added(methodsOf(was.options), methodsOf(after.options)))
    if (!methodsOf(granter.options).includes(method))
      out.push({ field: 'options', value: `vehicleIdentificationMethods:${method}` });
  for (const owner of added(was.ownerIds, after.ownerIds))
    if (!granter.ownerIds.includes(owner)) out.push({ field: 'ownerIds', value: owner });
  return out;
}

/** Refuses (403, with each right in the details) what the granter may not give. */
export function refuseEscalation(granter: UserContext, before: StoredRights | null, after: StoredRights): void {
  const found = escalations(granter, before, after);
  if (found.length) throw new AppError('FORBIDDEN', 'You cannot give a right you do not hold yourself', found);
}

/** Habilitations of the account that the granter does not hold (none for a provider administrator, who sets them). */
export const habilitationsAbove = (granter: UserContext, target: Pick<StoredRights, 'habilitations'>): string[] =>
  isProviderAdministrator(granter) ? [] : target.habilitations.filter((h) => !granter.habilitations.includes(h));

/** A manager changes only accounts whose habilitations they hold themselves. */
export function requireOutranks(granter: UserContext, target: Pick<StoredRights, 'habilitations'>): void {
  const above = habilitationsAbove(granter, target);
  if (above.length)
    throw new AppError(
      'FORBIDDEN',
      'This account holds a habilitation you do not hold',
      above.map((value): Escalation => ({ field: 'account', value })),
    );
}

/**
 * The rights to store from a manager's form: the stocks the manager does not reach stay as they were
 * (they are not on the manager's form), the ones they reach are those ticked.
 */
export function rightsFrom(
  granter: UserContext,
  before: StoredRights | null,
  input: Omit<BoardUserRights, 'ownerIds'> & { ownerIds: string[] },
): StoredRights {
  const kept = (before?.ownerIds ?? []).filter((o) => !granter.ownerIds.includes(o));
  return {
    givenName: input.givenName,
    familyName: input.familyName,
    locale: input.locale,
    habilitations: [...new Set(input.habilitations)],
    roles: [...new Set(input.roles)],
    models: [...new Set(input.models)],
    options: normaliseOptions(input.options),
    ownerIds: [...new Set([...kept, ...input.ownerIds])].sort(),
  };
}
