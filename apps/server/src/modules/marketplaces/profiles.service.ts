import {
  MarketplaceRules,
  type MarketplaceProfile,
  type MarketplaceProfileCopy,
  type MarketplaceProfileUpdate,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { badRequest, notFound } from '../../platform/errors';
import { requireIntegrationsGroup } from '../api-keys/integrations-access';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { BUILTIN_PROFILES, builtinProfile } from './builtin-profiles';
import * as repo from './marketplaces.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** A group's copy as the API shows it: its base's sources and unpublished rules stay with it. */
function toProfile(row: repo.ProfileRow): MarketplaceProfile {
  const base = builtinProfile(row.base_id);
  return {
    id: row.id,
    groupId: row.group_id,
    baseId: row.base_id,
    marketplace: base?.marketplace ?? row.name,
    name: row.name,
    rules: MarketplaceRules.parse(JSON.parse(row.rules)),
    sources: base?.sources ?? [],
    notPublic: base?.notPublic ?? [],
    updatedAt: row.updated_at,
  };
}

/** The profiles a group's shootings are checked against: the built-in ones, then its copies. */
export async function profilesOfGroup(deps: Pick<Adapters, 'db'>, groupId: string): Promise<MarketplaceProfile[]> {
  return [...BUILTIN_PROFILES, ...(await repo.listGroupProfiles(deps.db, groupId)).map(toProfile)];
}

/**
 * A group's profiles are managed as its integrations are (decision 0077): the settings' administrators for every group,
 * the group's own managers for theirs (Integrations → Marketplaces); another group answers 404.
 */
export async function listProfiles(deps: Deps, user: UserContext, groupId: string): Promise<MarketplaceProfile[]> {
  await requireIntegrationsGroup(deps, user, groupId);
  return profilesOfGroup(deps, groupId);
}

const target = (id: string) => ({ type: 'marketplace-profile', id });

export async function copyProfile(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: MarketplaceProfileCopy,
  audit: AuditContext,
): Promise<MarketplaceProfile> {
  await requireIntegrationsGroup(deps, user, groupId);
  const base = builtinProfile(input.baseId);
  if (!base) throw badRequest('Only a built-in profile can be copied', { field: 'baseId' });
  const now = deps.clock.now().toISOString();
  const row: repo.ProfileRow = {
    id: deps.ids.uuid(),
    group_id: groupId,
    base_id: base.id,
    name: input.name,
    rules: JSON.stringify(base.rules),
    created_at: now,
    updated_at: now,
  };
  const after = { baseId: base.id, name: row.name };
  await withAudit(
    deps,
    { ...audit, groupId, action: 'marketplace-profile.copy', target: target(row.id), after },
    (trx) => repo.insertProfile(trx, row),
  );
  return toProfile(row);
}

async function groupCopy(deps: Deps, user: UserContext, groupId: string, profileId: string) {
  await requireIntegrationsGroup(deps, user, groupId);
  const row = await repo.findGroupProfile(deps.db, groupId, profileId);
  // A built-in profile is read-only and another group's copy is not this group's: both answer 404.
  if (!row) throw notFound('Marketplace profile');
  return row;
}

export async function updateProfile(
  deps: Deps,
  user: UserContext,
  groupId: string,
  profileId: string,
  input: MarketplaceProfileUpdate,
  audit: AuditContext,
): Promise<MarketplaceProfile> {
  const row = await groupCopy(deps, user, groupId, profileId);
  const set = { name: input.name, rules: JSON.stringify(input.rules), updated_at: deps.clock.now().toISOString() };
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'marketplace-profile.update',
      target: target(row.id),
      before: { name: row.name, rules: JSON.parse(row.rules) as unknown },
      after: { name: input.name, rules: input.rules },
    },
    (trx) => repo.updateProfile(trx, row.id, set),
  );
  return toProfile({ ...row, ...set });
}

export async function deleteProfile(
  deps: Deps,
  user: UserContext,
  groupId: string,
  profileId: string,
  audit: AuditContext,
): Promise<void> {
  const row = await groupCopy(deps, user, groupId, profileId);
  const before = { name: row.name, rules: JSON.parse(row.rules) as unknown };
  await withAudit(
    deps,
    { ...audit, groupId, action: 'marketplace-profile.delete', target: target(row.id), before },
    (trx) => repo.deleteProfile(trx, row.id),
  );
}
