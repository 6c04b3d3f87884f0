import type {
  BoardGrants,
  BoardUser,
  BoardUserInvite,
  BoardUsersPage,
  BoardUsersQuery,
  BoardUserStatus,
  BoardUserSummary,
  BoardUserUpdate,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { newBearerToken, tokenHash } from '../../platform/bearer-tokens';
import { AppError, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { dealerGroupOf } from '../identity/users.service';
import { recordAudit, withAudit, type AuditContext, type AuditEntryInput } from '../audit/audit.service';
import { invitationEmail } from './invitation-email';
import {
  deleteInvitations,
  findGroupName,
  isGroupDeactivated,
  findGroupUser,
  findUsersByEmail,
  groupOwners,
  listGroupUsers,
  replaceInvitation,
  replaceRights,
  revokeProviderState,
  setDeactivated,
  type BoardUserListRow,
  type BoardUserRow,
  type StoredRights,
} from './user-board.repo';
import { createAccount } from './account-creation.service';
import {
  auditedRights,
  boardOptions,
  isProviderAdministrator,
  refuseEscalation,
  requireBoard,
  requireOutranks,
  rightsFrom,
} from './user-rights';

export type UserBoardDeps = Pick<Adapters, 'db' | 'mail' | 'clock' | 'ids' | 'config'>;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
/** Whether the e-mail's domain signs in with an external provider (IDENTITY_PROVIDERS) rather than a password here. */
export const isExternal = (deps: Pick<UserBoardDeps, 'config'>, email: string): boolean =>
  deps.config.IDENTITY_PROVIDERS.has(domainOf(email));

export const statusOf = (
  deps: Pick<UserBoardDeps, 'config'>,
  u: { email: string; deactivatedAt: string | null; hasPassword: boolean | number },
): BoardUserStatus =>
  u.deactivatedAt ? 'DEACTIVATED' : !u.hasPassword && !isExternal(deps, u.email) ? 'INVITED' : 'ACTIVE';

const summaryOf = (deps: UserBoardDeps, u: BoardUserListRow): BoardUserSummary => ({
  id: u.id,
  email: u.email,
  givenName: u.givenName,
  familyName: u.familyName,
  roles: JSON.parse(u.roles) as string[],
  habilitations: JSON.parse(u.habilitations) as string[],
  status: statusOf(deps, u),
  signIn: isExternal(deps, u.email) ? 'EXTERNAL' : 'EMBEDDED',
});

const boardUserOf = (deps: UserBoardDeps, u: BoardUserRow): BoardUser => {
  const status = statusOf(deps, u);
  return {
    id: u.id,
    email: u.email,
    givenName: u.givenName,
    familyName: u.familyName,
    roles: u.roles,
    habilitations: u.habilitations,
    status,
    signIn: isExternal(deps, u.email) ? 'EXTERNAL' : 'EMBEDDED',
    locale: u.locale,
    models: u.models,
    options: boardOptions(u.options),
    ownerIds: u.ownerIds,
    createdAt: u.createdAt,
    invitationExpiresAt: status === 'INVITED' ? u.invitationExpiresAt : null,
  };
};

/**
 * The caller as the board sees them in the dealer group a call works on. Without `group`, or with the
 * caller's own, that is the caller. A provider administrator may name another dealer group (to invite its
 * first manager, say): there the stocks they may give are every stock of that group, which they administer in
 * the settings, while roles, models, options and habilitations stay what they hold. Anyone else naming another
 * group, or a group that does not exist, gets 404, as for any id of another group (decision 0085).
 */
export async function boardScope(deps: Pick<UserBoardDeps, 'db'>, caller: UserContext, group?: string) {
  requireBoard(caller);
  if (!group || group === caller.groupId) return caller;
  if (!isProviderAdministrator(caller) || !(await findGroupName(deps.db, group))) throw notFound('Dealer group');
  const stocks = await groupOwners(deps.db, group);
  return { ...caller, groupId: group, ownerIds: stocks.map((s) => s.id) } satisfies UserContext;
}

/**
 * No account joins a deactivated group, and no invitation is sent there: its users could not sign in.
 * The board still lists them, so that the group can be looked at before it is reactivated.
 */
export async function requireActiveGroup(deps: Pick<UserBoardDeps, 'db'>, groupId: string): Promise<void> {
  if (await isGroupDeactivated(deps.db, groupId))
    throw new AppError('CONFLICT', 'This dealer group is deactivated: reactivate it before adding users', {
      reason: 'GROUP_DEACTIVATED',
    });
}

/** A user of the caller's group; any other id answers 404, as if it did not exist. */
async function groupUser(deps: UserBoardDeps, manager: UserContext, id: string): Promise<BoardUserRow> {
  const user = await findGroupUser(deps.db, manager.groupId, id);
  if (!user) throw notFound('User');
  return user;
}

/** The manager the call works as and a user of their group whose habilitations they all hold. */
export async function outrankedUser(deps: UserBoardDeps, caller: UserContext, id: string, group?: string) {
  const manager = await boardScope(deps, caller, group);
  const user = await groupUser(deps, manager, id);
  requireOutranks(manager, user);
  return { manager, user };
}

/** The audit entry of a change the manager made to a user of their group. */
export const userEntry = (
  manager: UserContext,
  audit: AuditContext,
  id: string,
  change: Pick<AuditEntryInput, 'action' | 'before' | 'after'>,
): AuditEntryInput => ({ ...audit, groupId: manager.groupId, target: { type: 'user', id }, ...change });

const storedOf = (u: BoardUserRow): StoredRights => ({
  givenName: u.givenName,
  familyName: u.familyName,
  locale: u.locale,
  habilitations: u.habilitations,
  roles: u.roles,
  models: u.models,
  options: u.options,
  ownerIds: u.ownerIds,
});

/** Every stock named must be one of the group's; an unknown one is a bad request, not a hint of another group. */
async function requireGroupStocks(deps: UserBoardDeps, manager: UserContext, ownerIds: string[]): Promise<void> {
  const stocks = new Set((await groupOwners(deps.db, manager.groupId)).map((o) => o.id));
  const unknown = ownerIds.filter((id) => !stocks.has(id));
  if (unknown.length)
    throw new AppError(
      'VALIDATION_ERROR',
      'Unknown stock',
      unknown.map((value) => ({ field: 'ownerIds', value })),
    );
}

export async function listBoardUsers(
  deps: UserBoardDeps,
  manager: UserContext,
  query: BoardUsersQuery,
): Promise<BoardUsersPage> {
  const scope = await boardScope(deps, manager, query.group);
  const [group, { rows, total }] = await Promise.all([
    dealerGroupOf(deps.db, scope),
    listGroupUsers(deps.db, scope.groupId, {
      q: query.q || undefined,
      offset: query.page * query.pageSize,
      limit: query.pageSize,
    }),
  ]);
  return { group, items: rows.map((r) => summaryOf(deps, r)), total };
}

export async function getBoardUser(
  deps: UserBoardDeps,
  caller: UserContext,
  id: string,
  group?: string,
): Promise<BoardUser> {
  return boardUserOf(deps, await groupUser(deps, await boardScope(deps, caller, group), id));
}

/** What the caller may give: what they hold themselves, and the group's stocks among theirs. */
export async function boardGrants(deps: UserBoardDeps, caller: UserContext, group?: string): Promise<BoardGrants> {
  const manager = await boardScope(deps, caller, group);
  const stocks = await groupOwners(deps.db, manager.groupId);
  return {
    roles: manager.roles,
    habilitations: manager.habilitations,
    setsHabilitations: isProviderAdministrator(manager),
    models: manager.models,
    options: boardOptions(manager.options),
    stocks: stocks.filter((s) => manager.ownerIds.includes(s.id)),
  };
}

/**
 * A one-time link to set a password and the invitation row that holds its hash, or, for a domain on an
 * external provider, the portal's sign-in page and no row: that account waits for its first sign-in there.
 */
export function invitationFor(
  deps: Pick<UserBoardDeps, 'config' | 'clock'>,
  user: { id: string; email: string },
): { link: string; row: { tokenHash: string; userId: string; createdAt: string; expiresAt: string } | null } {
  if (isExternal(deps, user.email)) return { link: `${deps.config.PUBLIC_URL}/login`, row: null };
  const token = newBearerToken();
  const now = deps.clock.now();
  return {
    link: `${deps.config.PUBLIC_URL}/invitation/${token}`,
    row: {
      tokenHash: tokenHash(token),
      userId: user.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600_000).toISOString(),
    },
  };
}

/** A new invitation of an account: any earlier link of it stops working. */
async function newInvitation(deps: UserBoardDeps, user: { id: string; email: string }): Promise<string> {
  const { link, row } = invitationFor(deps, user);
  if (row) await replaceInvitation(deps.db, row);
  return link;
}

/**
 * The invitation e-mail into `groupName`, in the invitee's language, through the mail adapter (outbox or
 * SMTP). It is the sender's message: their name, and their own group's outbox keeps it.
 */
export async function mailInvitation(
  deps: UserBoardDeps,
  sender: UserContext,
  user: { email: string; givenName: string; locale: string },
  link: string,
  groupName: string,
): Promise<void> {
  const message = invitationEmail({
    locale: user.locale,
    name: user.givenName,
    email: user.email,
    inviter: `${sender.givenName} ${sender.familyName}`.trim(),
    group: groupName,
    link,
    external: isExternal(deps, user.email),
    days: INVITATION_DAYS,
  });
  await deps.mail.send({
    to: user.email,
    ...message,
    fromName: 'Forecourt',
    origin: { userId: sender.id, groupId: sender.groupId },
  });
}

/** A new link for the account of the manager's group, mailed by the caller. */
const sendInvitation = async (
  deps: UserBoardDeps,
  caller: UserContext,
  manager: UserContext,
  user: { id: string; email: string; givenName: string; locale: string },
) => mailInvitation(deps, caller, user, await newInvitation(deps, user), (await dealerGroupOf(deps.db, manager)).name);

/**
 * Creates the account in the manager's group (or, for a provider administrator, the group named) with the
 * rights given (none beyond the manager's own) and invites it.
 */
export async function inviteUser(
  deps: UserBoardDeps,
  caller: UserContext,
  input: BoardUserInvite,
  audit: AuditContext,
  group?: string,
): Promise<BoardUser> {
  const manager = await boardScope(deps, caller, group);
  await requireActiveGroup(deps, manager.groupId);
  const email = input.email.trim().toLowerCase();
  if ((await findUsersByEmail(deps.db, [email])).length)
    throw new AppError('CONFLICT', 'An account already exists for this e-mail', {
      reason: 'EMAIL_TAKEN',
      field: 'email',
    });
  const rights = rightsFrom(manager, null, input);
  await requireGroupStocks(deps, manager, rights.ownerIds);
  refuseEscalation(manager, null, rights);
  const id = deps.ids.uuid();
  await deps.db
    .transaction()
    .execute((trx) =>
      createAccount(deps, trx, { id, email, groupId: manager.groupId, rights }, { ...audit, action: 'user.invite' }),
    );
  await sendInvitation(deps, caller, manager, { id, email, givenName: rights.givenName, locale: rights.locale });
  return boardUserOf(deps, await groupUser(deps, manager, id));
}

export async function updateBoardUser(
  deps: UserBoardDeps,
  caller: UserContext,
  id: string,
  input: BoardUserUpdate,
  audit: AuditContext,
  group?: string,
): Promise<BoardUser> {
  const { manager, user } = await outrankedUser(deps, caller, id, group);
  const before = storedOf(user);
  const after = rightsFrom(manager, before, input);
  await requireGroupStocks(deps, manager, input.ownerIds);
  refuseEscalation(manager, before, after);
  const change = { action: 'user.update', before: auditedRights(before), after: auditedRights(after) };
  await withAudit(deps, userEntry(manager, audit, id, change), (trx) => replaceRights(trx, id, after));
  return getBoardUser(deps, manager, id);
}

/** What the board does to one account of the group, by its id (`POST /api/user-board/users/:id/<action>`). */
export type AccountAction = (
  deps: UserBoardDeps,
  caller: UserContext,
  id: string,
  audit: AuditContext,
  group?: string,
) => Promise<BoardUser>;

/** A new invitation link for an account that has not set its password yet. */
export const resendInvitation: AccountAction = async (deps, caller, id, audit, group) => {
  const manager = await boardScope(deps, caller, group);
  await requireActiveGroup(deps, manager.groupId);
  const user = await groupUser(deps, manager, id);
  requireOutranks(manager, user);
  const status = statusOf(deps, user);
  if (status === 'DEACTIVATED' || (status === 'ACTIVE' && !isExternal(deps, user.email)))
    throw new AppError('CONFLICT', 'Only a pending invitation can be sent again');
  await sendInvitation(deps, caller, manager, user);
  await recordAudit(deps, userEntry(manager, audit, id, { action: 'user.reinvite' }));
  return getBoardUser(deps, manager, id);
};

/**
 * Deactivates an account: from the next request on, on every API process, its access tokens are refused
 * (the user context read skips deactivated accounts and the write bumps the account's data version that
 * every process checks), its refresh tokens fail (the provider finds no account) and are deleted with its
 * sessions, and its pending invitation dies. Nothing else is removed.
 */
export const deactivateUser: AccountAction = async (deps, caller, id, audit, group) => {
  // One holds every habilitation of one's own: the self check below still answers for one's own account.
  const { manager, user } = await outrankedUser(deps, caller, id, group);
  if (user.id === manager.id)
    throw new AppError('CONFLICT', 'You cannot deactivate your own account', { reason: 'OWN_ACCOUNT' });
  if (!user.deactivatedAt)
    await withAudit(
      deps,
      userEntry(manager, audit, id, {
        action: 'user.deactivate',
        before: { status: statusOf(deps, user) },
        after: { status: 'DEACTIVATED' },
      }),
      async (trx) => {
        await setDeactivated(trx, id, deps.clock.now().toISOString());
        await deleteInvitations(trx, id);
        await revokeProviderState(trx, id);
      },
    );
  return getBoardUser(deps, manager, id);
};

/** Lets a deactivated account sign in again (an account without a password gets a new invitation). */
export const reactivateUser: AccountAction = async (deps, caller, id, audit, group) => {
  const { manager, user } = await outrankedUser(deps, caller, id, group);
  if (user.deactivatedAt) {
    const change = { action: 'user.reactivate', before: { status: 'DEACTIVATED' } };
    await withAudit(deps, userEntry(manager, audit, id, change), (trx) => setDeactivated(trx, id, null));
    if (!user.hasPassword && !isExternal(deps, user.email)) await sendInvitation(deps, caller, manager, user);
  }
  return getBoardUser(deps, manager, id);
};
