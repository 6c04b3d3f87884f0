import { ACCOUNT_LANGUAGES, NO_DOMAIN_RULE } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError } from '../../platform/errors';
import type { AuditContext } from '../audit/audit.service';
import { createFederatedAccount, findFederatedAccount, setFederatedRoles } from '../users/federated-accounts.service';
import { findDomainRule, type DomainRuleRow } from './domain-rules.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** A fresh access token of an external provider, for an address of one of its domains. */
export interface ExternalSignIn {
  email: string;
  claims: Record<string, unknown>;
  clientAddress: string | null;
}

/** The values of a claim: a string or a list of strings (Entra ID and Okta send `groups` as a list). */
export function claimValues(claims: Record<string, unknown>, name: string): string[] {
  const v = claims[name];
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The roles after a sign-in: the roles the mapping names are the claim's to give or take (a value present
 * gives its roles, an absent one takes them); every other role of the account stays as a manager set it.
 */
export function rolesAfterClaims(
  current: readonly string[],
  rule: Pick<DomainRuleRow, 'claimName' | 'claimRoles'>,
  claims: Record<string, unknown>,
): string[] {
  const managed = new Set(rule.claimRoles.flatMap((m) => m.roles));
  const values = new Set(claimValues(claims, rule.claimName));
  const given = rule.claimRoles.filter((m) => values.has(m.value)).flatMap((m) => m.roles);
  return [...new Set([...current.filter((r) => !managed.has(r)), ...given])].sort();
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');

/** Names and language of a new account from the token's standard claims, the e-mail's local part at worst. */
function profileOf(email: string, claims: Record<string, unknown>) {
  const [first = '', ...rest] = text(claims.name).split(/\s+/);
  const given = text(claims.given_name) || first || email.slice(0, email.indexOf('@')).slice(0, 100);
  const family = text(claims.family_name) || rest.join(' ');
  const lang = text(claims.locale).slice(0, 2).toLowerCase();
  const locale = (ACCOUNT_LANGUAGES as readonly string[]).includes(lang) ? lang : 'en';
  return { givenName: given, familyName: family, locale };
}

/**
 * Runs once per fresh access token of an external provider (a sign-in or a refresh), before the account is
 * read. No account for the address: the domain's rule creates it with the rule's group, stocks, roles,
 * models and options, plus the roles its claim maps to; without a rule the sign-in is refused (401,
 * reason NO_DOMAIN_RULE, which the portal translates). An account of the rule's group gets its mapped
 * roles set from the claim at every sign-in.
 */
export async function federatedSignIn(deps: Deps, input: ExternalSignIn): Promise<void> {
  const email = input.email.toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const [rule, account] = await Promise.all([findDomainRule(deps.db, domain), findFederatedAccount(deps, email)]);
  const audit: AuditContext = { actor: { id: null, label: `sso:${domain}` }, clientAddress: input.clientAddress };
  if (!account) {
    if (!rule)
      throw new AppError(
        'UNAUTHORIZED',
        'No Forecourt account exists for this address and its domain has no sign-in rule',
        {
          reason: NO_DOMAIN_RULE,
        },
      );
    if (!rule.groupActive) throw new AppError('UNAUTHORIZED', 'This account is not known to Forecourt');
    await createFederatedAccount(
      deps,
      {
        email,
        groupId: rule.groupId,
        rights: {
          ...profileOf(email, input.claims),
          habilitations: [],
          roles: rolesAfterClaims(rule.roles, rule, input.claims),
          models: rule.models,
          options: rule.options,
          ownerIds: rule.ownerIds,
        },
      },
      audit,
    );
    return;
  }
  if (rule && rule.groupId === account.groupId && !account.deactivated)
    await setFederatedRoles(deps, account, rolesAfterClaims(account.roles, rule, input.claims), audit);
}
