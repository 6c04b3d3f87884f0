import {
  ACCOUNT_LANGUAGES,
  MANAGE_USERS_ROLE,
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_USER_SCHEMA,
  type AccountLanguage,
  type BoardUser,
  type BoardUserUpdate,
  type ScimListQuery,
  type ScimPatchBody,
  type ScimUserBody,
} from '@forecourt/contracts';
import type { AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import {
  deactivateUser,
  getBoardUser,
  inviteUser,
  reactivateUser,
  updateBoardUser,
  type UserBoardDeps,
} from '../users/user-board.service';
import { ScimError, scimBadRequest } from './scim-error';
import { parseEqFilter } from './scim-filter';
import { applyUserPatch, type ScimUserState } from './scim-patch';
import { findScimUser, listScimUsers, usersWithRole, type ScimUserRow } from './scim.repo';
import type { ScimCaller } from './scim-tokens.service';

/**
 * The roles a provider manages as SCIM Groups. A role is a feature of the product defined in code, so the
 * Groups are these and nothing else (decision 0090).
 */
export const SCIM_ROLES: readonly string[] = [MANAGE_USERS_ROLE];
/** The largest page a list answers (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notFound = (what: string) => new ScimError(404, `${what} not found`);

/**
 * The user board's services act for a caller; a SCIM token acts as a manager of its group who holds the
 * roles of SCIM_ROLES and the SALES habilitation, and nothing else. So a provider creates, renames,
 * deactivates and gives those roles to the group's accounts, and never reaches an account of a provider
 * administrator or of customer success (the board's requireOutranks), nor gives models, options or stocks.
 */
export const scimManager = (caller: ScimCaller): UserContext => ({
  id: caller.tokenId,
  email: `scim:${caller.label}`,
  givenName: caller.label,
  familyName: '',
  locale: 'en',
  groupId: caller.groupId,
  habilitations: ['SALES'],
  roles: [...SCIM_ROLES],
  options: {},
  models: [],
  ownerIds: [],
});

export const scimAuditContext = (caller: ScimCaller, clientAddress: string | null): AuditContext => ({
  actor: { id: null, label: `scim:${caller.label}` },
  clientAddress,
});

export interface ScimDeps extends UserBoardDeps {
  caller: ScimCaller;
  audit: AuditContext;
}

const base = (deps: Pick<UserBoardDeps, 'config'>) => `${deps.config.PUBLIC_URL}/scim/v2`;

function toScimUser(deps: ScimDeps, u: ScimUserRow) {
  const roles = (JSON.parse(u.roles) as string[]).filter((r) => SCIM_ROLES.includes(r));
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: u.id,
    userName: u.email,
    name: { givenName: u.givenName, familyName: u.familyName, formatted: `${u.givenName} ${u.familyName}`.trim() },
    displayName: `${u.givenName} ${u.familyName}`.trim(),
    active: u.deactivatedAt === null,
    emails: [{ value: u.email, type: 'work', primary: true }],
    groups: roles.map((r) => ({ value: r, display: r, $ref: `${base(deps)}/Groups/${r}` })),
    meta: { resourceType: 'User', created: u.createdAt, location: `${base(deps)}/Users/${u.id}` },
  };
}

const page = (query: ScimListQuery) => {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count ?? 100));
  return { startIndex, count };
};

const listResponse = <T>(resources: T[], total: number, startIndex: number) => ({
  schemas: [SCIM_LIST_SCHEMA],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

async function userRow(deps: ScimDeps, id: string): Promise<ScimUserRow> {
  const row = await findScimUser(deps.db, deps.caller.groupId, id);
  if (!row) throw notFound('User');
  return row;
}

export async function listUsers(deps: ScimDeps, query: ScimListQuery) {
  const { startIndex, count } = page(query);
  const email = query.filter ? parseEqFilter(query.filter, 'userName').toLowerCase() : undefined;
  const { rows, total } = await listScimUsers(deps.db, deps.caller.groupId, {
    email,
    offset: startIndex - 1,
    limit: count,
  });
  return listResponse(
    rows.map((r) => toScimUser(deps, r)),
    total,
    startIndex,
  );
}

export async function getUser(deps: ScimDeps, id: string) {
  return toScimUser(deps, await userRow(deps, id));
}

const localeOf = (body: ScimUserBody): AccountLanguage => {
  const tag = (body.preferredLanguage ?? body.locale ?? '').slice(0, 2).toLowerCase();
  return (ACCOUNT_LANGUAGES as readonly string[]).includes(tag) ? (tag as AccountLanguage) : 'en';
};

/** The names an account needs: the provider's, else the e-mail's local part (Entra may send no name). */
function namesOf(body: ScimUserBody): { givenName: string; familyName: string } {
  const local = body.userName.split('@')[0]!;
  const [first, ...rest] = (body.displayName?.trim() || local).split(/\s+/);
  return {
    givenName: body.name?.givenName?.trim() || first || local,
    familyName: body.name?.familyName?.trim() || rest.join(' ') || first || local,
  };
}

function emailOf(body: ScimUserBody): string {
  const email = body.userName.trim().toLowerCase();
  if (!EMAIL.test(email)) throw scimBadRequest('invalidValue', 'userName must be the account’s e-mail address');
  return email;
}

/**
 * POST /Users: the account is created by the user board's invitation, with no password: an e-mail of a
 * domain on an external provider signs in there, any other gets the embedded provider's invitation link.
 */
export async function createUser(deps: ScimDeps, body: ScimUserBody) {
  const manager = scimManager(deps.caller);
  const email = emailOf(body);
  const created = await inviteUser(
    deps,
    manager,
    {
      email,
      ...namesOf(body),
      locale: localeOf(body),
      roles: [],
      habilitations: [],
      models: [],
      options: {},
      ownerIds: [],
    },
    deps.audit,
  );
  if (body.active === false) await deactivateUser(deps, manager, created.id, deps.audit);
  return getUser(deps, created.id);
}

/** The board's update that leaves a user as it is: what a SCIM write changes goes on top of it. */
const unchanged = (u: BoardUser): BoardUserUpdate => ({
  givenName: u.givenName,
  familyName: u.familyName,
  locale: u.locale as AccountLanguage,
  roles: u.roles,
  habilitations: u.habilitations as never[],
  models: u.models as never[],
  options: u.options,
  // The token reaches no stock, so the board keeps every stock of the account as it is.
  ownerIds: [],
});

/** Writes a user's new state through the user board: names, then activity (each audited there). */
async function writeUser(deps: ScimDeps, id: string, before: ScimUserState, after: ScimUserState) {
  const manager = scimManager(deps.caller);
  if (after.givenName !== before.givenName || after.familyName !== before.familyName) {
    const current = await getBoardUser(deps, manager, id);
    await updateBoardUser(
      deps,
      manager,
      id,
      { ...unchanged(current), givenName: after.givenName, familyName: after.familyName },
      deps.audit,
    );
  }
  if (after.active !== before.active)
    await (after.active ? reactivateUser : deactivateUser)(deps, manager, id, deps.audit);
  return getUser(deps, id);
}

const stateOf = (u: ScimUserRow): ScimUserState => ({
  userName: u.email,
  givenName: u.givenName,
  familyName: u.familyName,
  active: u.deactivatedAt === null,
});

/** PUT /Users/{id}: replaces what the account keeps; userName (its e-mail) cannot change. */
export async function replaceUser(deps: ScimDeps, id: string, body: ScimUserBody) {
  const before = stateOf(await userRow(deps, id));
  if (emailOf(body) !== before.userName)
    throw scimBadRequest('mutability', 'userName is the account’s e-mail, which names it; it cannot change');
  return writeUser(deps, id, before, { ...before, ...namesOf(body), active: body.active ?? true });
}

export async function patchUser(deps: ScimDeps, id: string, body: ScimPatchBody) {
  const before = stateOf(await userRow(deps, id));
  return writeUser(deps, id, before, applyUserPatch(before, body.Operations));
}

/** DELETE /Users/{id}: deactivates, exactly as the user board does; nothing is deleted. */
export async function deleteUser(deps: ScimDeps, id: string): Promise<void> {
  await userRow(deps, id);
  await deactivateUser(deps, scimManager(deps.caller), id, deps.audit);
}

async function toScimGroup(deps: ScimDeps, role: string, withMembers: boolean) {
  const members = withMembers ? await usersWithRole(deps.db, deps.caller.groupId, role) : [];
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: role,
    displayName: role,
    ...(withMembers
      ? { members: members.map((m) => ({ value: m.id, display: m.email, $ref: `${base(deps)}/Users/${m.id}` })) }
      : {}),
    meta: { resourceType: 'Group', location: `${base(deps)}/Groups/${role}` },
  };
}

const withMembers = (query: Pick<ScimListQuery, 'excludedAttributes'>) =>
  !(query.excludedAttributes ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .includes('members');

export async function listGroups(deps: ScimDeps, query: ScimListQuery) {
  const { startIndex, count } = page(query);
  const name = query.filter ? parseEqFilter(query.filter, 'displayName') : undefined;
  const roles = SCIM_ROLES.filter((r) => name === undefined || r === name);
  const shown = roles.slice(startIndex - 1, startIndex - 1 + count);
  return listResponse(
    await Promise.all(shown.map((r) => toScimGroup(deps, r, withMembers(query)))),
    roles.length,
    startIndex,
  );
}

function requireRole(id: string): string {
  if (!SCIM_ROLES.includes(id)) throw notFound('Group');
  return id;
}

export async function getGroup(deps: ScimDeps, id: string, query: Pick<ScimListQuery, 'excludedAttributes'>) {
  return toScimGroup(deps, requireRole(id), withMembers(query));
}

const memberIdsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  return list.map((m: { value?: unknown }) => {
    if (typeof m?.value !== 'string') throw scimBadRequest('invalidValue', 'A member needs a value (a User id)');
    return m.value;
  });
};

/**
 * PATCH /Groups/{id}: adds or removes members, i.e. gives or takes the role through the user board (audited
 * there as user.update). Every member is checked before anything is written.
 */
export async function patchGroup(deps: ScimDeps, id: string, body: ScimPatchBody) {
  const role = requireRole(id);
  const current = new Set((await usersWithRole(deps.db, deps.caller.groupId, role)).map((m) => m.id));
  const wanted = new Set(current);
  for (const op of body.Operations) {
    const path = op.path?.trim() ?? '';
    const filtered = /^members\[value eq "([^"]+)"\]$/i.exec(path);
    if (op.op === 'remove' && filtered) wanted.delete(filtered[1]!);
    else if (/^members$/i.test(path)) {
      const ids = memberIdsOf(op.value);
      if (op.op === 'replace') wanted.clear();
      if (op.op === 'remove') {
        if (op.value === undefined) wanted.clear();
        for (const m of ids) wanted.delete(m);
      } else for (const m of ids) wanted.add(m);
    } else if (!path && op.op !== 'remove' && op.value && typeof op.value === 'object') {
      const v = op.value as Record<string, unknown>;
      if ('displayName' in v && v.displayName !== role)
        throw scimBadRequest('mutability', 'A Group is a role of the product; it cannot be renamed');
      if ('members' in v) {
        if (op.op === 'replace') wanted.clear();
        for (const m of memberIdsOf(v.members)) wanted.add(m);
      }
    } else if (/^displayName$/i.test(path))
      throw scimBadRequest('mutability', 'A Group is a role of the product; it cannot be renamed');
    else throw scimBadRequest('invalidPath', `Unsupported path ${path || '(none)'} on a Group`);
  }
  const changed = [...new Set([...wanted, ...current])].filter((u) => wanted.has(u) !== current.has(u));
  const manager = scimManager(deps.caller);
  for (const userId of changed) {
    if (!(await findScimUser(deps.db, deps.caller.groupId, userId)))
      throw scimBadRequest('invalidValue', `No user ${userId} in this group`);
    const { habilitations } = await getBoardUser(deps, manager, userId);
    if (habilitations.some((h) => !manager.habilitations.includes(h)))
      throw new ScimError(403, `User ${userId} holds a habilitation that provisioning does not manage`);
  }
  for (const userId of changed) {
    const user = await getBoardUser(deps, manager, userId);
    const roles = wanted.has(userId) ? [...user.roles, role] : user.roles.filter((r) => r !== role);
    await updateBoardUser(deps, manager, userId, { ...unchanged(user), roles }, deps.audit);
  }
  return toScimGroup(deps, role, true);
}
