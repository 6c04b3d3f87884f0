import { DomainRule, DomainRulesResponse, type DomainRuleInput } from '@forecourt/contracts/federation';
import { ScimToken, ScimTokenCreated, ScimTokensResponse } from '@forecourt/contracts/scim';
import { ApiError, request } from '../../api/http';

const group = (id: string) => `/api/settings/groups/${encodeURIComponent(id)}`;

/** Query keys of a group's sign-in rules and SCIM tokens. */
export const federationKeys = {
  rules: (groupId: string) => ['settings', 'domain-rules', groupId] as const,
  scimTokens: (groupId: string) => ['settings', 'scim-tokens', groupId] as const,
};

export const fetchDomainRules = (groupId: string) =>
  request(`${group(groupId)}/domain-rules`, { schema: DomainRulesResponse });
export const saveDomainRule = (groupId: string, domain: string | null, body: DomainRuleInput) =>
  request(`${group(groupId)}/domain-rules${domain ? `/${encodeURIComponent(domain)}` : ''}`, {
    method: domain ? 'PUT' : 'POST',
    body,
    schema: DomainRule,
  });
export const deleteDomainRule = (groupId: string, domain: string) =>
  request(`${group(groupId)}/domain-rules/${encodeURIComponent(domain)}`, { method: 'DELETE' });

export const fetchScimTokens = (groupId: string) =>
  request(`${group(groupId)}/scim-tokens`, { schema: ScimTokensResponse });
export const createScimToken = (groupId: string, label: string) =>
  request(`${group(groupId)}/scim-tokens`, { method: 'POST', body: { label }, schema: ScimTokenCreated });
export const revokeScimToken = (groupId: string, tokenId: string) =>
  request(`${group(groupId)}/scim-tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE', schema: ScimToken });

/** The translated message of a failed rule save: what the server named, else the settings' usual ones. */
export function domainRuleErrorKey(err: unknown): string {
  const reason = err instanceof ApiError ? (err.details as { reason?: unknown } | undefined)?.reason : undefined;
  if (reason === 'NOT_EXTERNAL' || reason === 'UNKNOWN_STOCK') return `settings.signIn.errors.${reason}`;
  if (err instanceof ApiError && err.code === 'CONFLICT') return 'settings.signIn.errors.TAKEN';
  if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') return 'settings.errors.invalid';
  if (err instanceof ApiError && err.code === 'FORBIDDEN') return 'settings.errors.forbidden';
  if (err instanceof ApiError && err.code === 'NOT_FOUND') return 'settings.errors.notFound';
  return 'api.commonError';
}
