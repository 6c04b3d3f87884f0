import type { GroupInput, SettingsGroup } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { Executor } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import {
  findGroup,
  groupsNamedAlike,
  insertGroup,
  listGroups,
  renameGroup,
  setGroupDeactivated,
  type GroupRow,
} from './groups.repo';
import { requireSettingsAdmin } from './settings-access';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

const toGroup = (g: GroupRow): SettingsGroup => ({
  id: g.id,
  name: g.name,
  active: g.deactivatedAt === null,
  stockCount: g.stockCount,
  userCount: g.userCount,
  stampCount: g.stampCount,
  createdAt: g.createdAt,
});
const audited = (g: GroupRow) => ({ name: g.name, active: g.deactivatedAt === null });

/** A group the settings administer, or 404. */
export async function settingsGroup(deps: Pick<Adapters, 'db'>, user: UserContext, groupId: string): Promise<GroupRow> {
  requireSettingsAdmin(user);
  const group = await findGroup(deps.db, groupId);
  if (!group) throw notFound('Dealer group');
  return group;
}

/**
 * One name, one group: the settings list, the user board's group picker and `npm run admin -- --group NAME`
 * tell groups apart by name only. Letter case does not make a name another one.
 */
export async function requireFreeGroupName(db: Executor, name: string, renamedId?: string): Promise<void> {
  const taken = (await groupsNamedAlike(db, name)).some((g) => g.id !== renamedId);
  if (taken)
    throw new AppError('CONFLICT', `Another dealer group is already named "${name}"`, {
      reason: 'GROUP_NAME_TAKEN',
      field: 'name',
    });
}

export async function listSettingsGroups(deps: Deps, user: UserContext): Promise<SettingsGroup[]> {
  requireSettingsAdmin(user);
  return (await listGroups(deps.db)).map(toGroup);
}

export async function createSettingsGroup(
  deps: Deps,
  user: UserContext,
  input: GroupInput,
  audit: AuditContext,
): Promise<SettingsGroup> {
  requireSettingsAdmin(user);
  const id = deps.ids.uuid();
  await withAudit(
    deps,
    { ...audit, groupId: id, action: 'group.create', target: { type: 'group', id }, after: { name: input.name } },
    async (trx) => {
      await requireFreeGroupName(trx, input.name);
      await insertGroup(trx, { id, name: input.name, createdAt: deps.clock.now().toISOString() });
    },
  );
  return toGroup((await findGroup(deps.db, id))!);
}

export async function renameSettingsGroup(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: GroupInput,
  audit: AuditContext,
): Promise<SettingsGroup> {
  const before = await settingsGroup(deps, user, groupId);
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'group.rename',
      target: { type: 'group', id: groupId },
      before: audited(before),
      after: { ...audited(before), name: input.name },
    },
    async (trx) => {
      await requireFreeGroupName(trx, input.name, groupId);
      await renameGroup(trx, groupId, input.name);
    },
  );
  return toGroup((await findGroup(deps.db, groupId))!);
}

/**
 * Deactivates or reactivates a group. Deactivated, its users can no longer sign in and their tokens are
 * refused on the next request of every API process (the user context cache re-reads them); nothing is deleted.
 */
export async function setSettingsGroupActive(
  deps: Deps,
  user: UserContext,
  groupId: string,
  active: boolean,
  audit: AuditContext,
): Promise<SettingsGroup> {
  const before = await settingsGroup(deps, user, groupId);
  if ((before.deactivatedAt === null) !== active) {
    await withAudit(
      deps,
      {
        ...audit,
        groupId,
        action: active ? 'group.reactivate' : 'group.deactivate',
        target: { type: 'group', id: groupId },
        before: audited(before),
        after: { ...audited(before), active },
      },
      (trx) => setGroupDeactivated(trx, groupId, active ? null : deps.clock.now().toISOString()),
    );
  }
  return toGroup((await findGroup(deps.db, groupId))!);
}
