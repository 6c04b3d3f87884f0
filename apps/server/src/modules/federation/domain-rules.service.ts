import type { DomainRule, DomainRuleInput, DomainRulesResponse } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, notFound } from '../../platform/errors';
import { withAudit, type AuditContext, type AuditEntryInput } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { settingsGroup } from '../settings/groups.service';
import { groupStockIds } from '../settings/stocks.service';
import {
  deleteDomainRule,
  findDomainRule,
  insertDomainRule,
  listDomainRules,
  updateDomainRule,
  type DomainRuleRow,
} from './domain-rules.repo';
import { normaliseOptions } from '../users/federated-accounts.service';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config'>;

const toRule = (r: DomainRuleRow): DomainRule => ({
  domain: r.domain,
  groupId: r.groupId,
  roles: r.roles,
  models: r.models as DomainRule['models'],
  options: r.options as DomainRule['options'],
  ownerIds: r.ownerIds,
  claimName: r.claimName,
  claimRoles: r.claimRoles,
  updatedAt: r.updatedAt,
  updatedBy: r.updatedBy,
});

/** What the audit log keeps of a rule: all of it (a rule holds no secret). */
const audited = (r: DomainRuleRow) => {
  const { updatedAt: _at, updatedBy: _by, ...rest } = toRule(r);
  return rest;
};

const externalDomains = (deps: Pick<Adapters, 'config'>) => [...deps.config.IDENTITY_PROVIDERS.keys()].sort();

/** A rule names a domain of an external provider and stocks of its own group; anything else is a bad request. */
async function checkedRow(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: DomainRuleInput,
  at: string,
): Promise<DomainRuleRow> {
  if (!deps.config.IDENTITY_PROVIDERS.has(input.domain))
    throw new AppError('VALIDATION_ERROR', 'This domain does not sign in with an external identity provider', {
      field: 'domain',
      reason: 'NOT_EXTERNAL',
    });
  const stocks = new Set(await groupStockIds(deps.db, groupId));
  const unknown = input.ownerIds.filter((id) => !stocks.has(id));
  if (unknown.length)
    throw new AppError('VALIDATION_ERROR', 'Unknown stock', { field: 'ownerIds', reason: 'UNKNOWN_STOCK', unknown });
  return {
    domain: input.domain,
    groupId,
    roles: [...new Set(input.roles)],
    models: [...new Set(input.models)],
    options: normaliseOptions(input.options),
    ownerIds: [...new Set(input.ownerIds)].sort(),
    claimName: input.claimName,
    claimRoles: input.claimRoles.map((m) => ({ value: m.value, roles: [...new Set(m.roles)] })),
    updatedAt: at,
    updatedBy: user.email,
  };
}

/** The group's rule of this domain; a domain ruled by another group answers 404 like an unknown one. */
async function groupRule(deps: Deps, groupId: string, domain: string): Promise<DomainRuleRow> {
  const rule = await findDomainRule(deps.db, domain.toLowerCase());
  if (!rule || rule.groupId !== groupId) throw notFound('Domain rule');
  const { groupActive: _active, ...row } = rule;
  return row;
}

/** The audit entry of a change of the group's rule of `domain`. */
const ruleEntry = (
  audit: AuditContext,
  groupId: string,
  domain: string,
  change: Pick<AuditEntryInput, 'action' | 'before' | 'after'>,
): AuditEntryInput => ({ ...audit, groupId, target: { type: 'domain-rule', id: domain }, ...change });

export async function listGroupDomainRules(
  deps: Deps,
  user: UserContext,
  groupId: string,
): Promise<DomainRulesResponse> {
  await settingsGroup(deps, user, groupId);
  return { items: (await listDomainRules(deps.db, groupId)).map(toRule), externalDomains: externalDomains(deps) };
}

export async function createGroupDomainRule(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: DomainRuleInput,
  audit: AuditContext,
): Promise<DomainRule> {
  await settingsGroup(deps, user, groupId);
  const row = await checkedRow(deps, user, groupId, input, deps.clock.now().toISOString());
  if (await findDomainRule(deps.db, row.domain))
    throw new AppError('CONFLICT', 'This domain already has a sign-in rule', { field: 'domain', reason: 'TAKEN' });
  const entry = ruleEntry(audit, groupId, row.domain, { action: 'domain-rule.create', after: audited(row) });
  await withAudit(deps, entry, (trx) => insertDomainRule(trx, row));
  return toRule(row);
}

export async function updateGroupDomainRule(
  deps: Deps,
  user: UserContext,
  groupId: string,
  domain: string,
  input: DomainRuleInput,
  audit: AuditContext,
): Promise<DomainRule> {
  await settingsGroup(deps, user, groupId);
  const before = await groupRule(deps, groupId, domain);
  if (input.domain !== before.domain)
    throw new AppError('VALIDATION_ERROR', 'A rule’s domain cannot change', { field: 'domain', reason: 'IMMUTABLE' });
  const row = await checkedRow(deps, user, groupId, input, deps.clock.now().toISOString());
  const change = { action: 'domain-rule.update', before: audited(before), after: audited(row) };
  await withAudit(deps, ruleEntry(audit, groupId, row.domain, change), (trx) => updateDomainRule(trx, row));
  return toRule(row);
}

/** Deletes a rule: accounts it created stay as they are; a new address of the domain is refused again. */
export async function deleteGroupDomainRule(
  deps: Deps,
  user: UserContext,
  groupId: string,
  domain: string,
  audit: AuditContext,
): Promise<void> {
  await settingsGroup(deps, user, groupId);
  const before = await groupRule(deps, groupId, domain);
  const entry = ruleEntry(audit, groupId, before.domain, { action: 'domain-rule.delete', before: audited(before) });
  await withAudit(deps, entry, (trx) => deleteDomainRule(trx, before.domain));
}
