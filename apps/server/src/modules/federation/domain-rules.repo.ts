import type { DomainRulesTable } from '../../db/schema';
import type { Db, Executor } from '../../platform/db/database';

/** One domain_rules row in the domain's camelCase, its JSON columns parsed. */
export interface DomainRuleRow {
  domain: string;
  groupId: string;
  roles: string[];
  models: string[];
  options: Record<string, unknown>;
  ownerIds: string[];
  claimName: string;
  claimRoles: Array<{ value: string; roles: string[] }>;
  updatedAt: string;
  updatedBy: string;
}

const parse = (r: DomainRulesTable): DomainRuleRow => ({
  domain: r.domain,
  groupId: r.group_id,
  roles: JSON.parse(r.roles) as string[],
  models: JSON.parse(r.models) as string[],
  options: JSON.parse(r.options) as Record<string, unknown>,
  ownerIds: JSON.parse(r.owner_ids) as string[],
  claimName: r.claim_name,
  claimRoles: JSON.parse(r.claim_roles) as DomainRuleRow['claimRoles'],
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

const stored = (r: DomainRuleRow): DomainRulesTable => ({
  domain: r.domain,
  group_id: r.groupId,
  roles: JSON.stringify(r.roles),
  models: JSON.stringify(r.models),
  options: JSON.stringify(r.options),
  owner_ids: JSON.stringify(r.ownerIds),
  claim_name: r.claimName,
  claim_roles: JSON.stringify(r.claimRoles),
  updated_at: r.updatedAt,
  updated_by: r.updatedBy,
});

export const listDomainRules = async (db: Db, groupId: string): Promise<DomainRuleRow[]> =>
  (await db.selectFrom('domain_rules').selectAll().where('group_id', '=', groupId).orderBy('domain').execute()).map(
    parse,
  );

/** The rule of a domain, whichever group holds it, with whether that group is active. */
export async function findDomainRule(
  db: Db,
  domain: string,
): Promise<(DomainRuleRow & { groupActive: boolean }) | undefined> {
  const row = await db
    .selectFrom('domain_rules')
    .innerJoin('dealer_groups', 'dealer_groups.id', 'domain_rules.group_id')
    .selectAll('domain_rules')
    .select('dealer_groups.deactivated_at')
    .where('domain_rules.domain', '=', domain)
    .executeTakeFirst();
  if (!row) return undefined;
  const { deactivated_at, ...rule } = row;
  return { ...parse(rule), groupActive: deactivated_at === null };
}

export async function insertDomainRule(db: Executor, rule: DomainRuleRow): Promise<void> {
  await db.insertInto('domain_rules').values(stored(rule)).execute();
}

export async function updateDomainRule(db: Executor, rule: DomainRuleRow): Promise<void> {
  const { domain, ...rest } = stored(rule);
  await db.updateTable('domain_rules').set(rest).where('domain', '=', domain).execute();
}

export async function deleteDomainRule(db: Executor, domain: string): Promise<void> {
  await db.deleteFrom('domain_rules').where('domain', '=', domain).execute();
}
