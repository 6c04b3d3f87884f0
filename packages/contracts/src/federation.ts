import { z } from 'zod';
import { ModelType } from './enums';
import { BoardRole, BoardUserOptions } from './user-board';

/**
 * Just-in-time accounts of external identity providers (issue 29 point 4): per e-mail domain of an
 * external provider, what a first sign-in gets, and the roles a claim of the token gives at every sign-in.
 */

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** One line of the claim mapping: a value of the claim (an Entra group id, an Okta group name) and the roles it gives. */
export const ClaimRoleMapping = z.object({
  value: z.string().trim().min(1).max(256),
  roles: z.array(BoardRole).min(1).max(20),
});
export type ClaimRoleMapping = z.infer<typeof ClaimRoleMapping>;

/** `POST|PUT /api/settings/groups/{groupId}/domain-rules[/{domain}]` */
export const DomainRuleInput = z.object({
  /** A domain of IDENTITY_PROVIDERS, lower case. */
  domain: z.string().trim().toLowerCase().regex(DOMAIN),
  roles: z.array(BoardRole).max(20),
  models: z.array(ModelType),
  options: BoardUserOptions,
  /** Stocks of the group. */
  ownerIds: z.array(z.string().min(1)).max(500),
  /** The token's claim read for the mapping (`groups` for Entra ID and Okta). */
  claimName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:./-]{1,100}$/),
  claimRoles: z.array(ClaimRoleMapping).max(100),
});
export type DomainRuleInput = z.infer<typeof DomainRuleInput>;

export const DomainRule = DomainRuleInput.extend({
  groupId: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type DomainRule = z.infer<typeof DomainRule>;

/** `GET /api/settings/groups/{groupId}/domain-rules`: the group's rules and the domains that can have one. */
export const DomainRulesResponse = z.object({
  items: z.array(DomainRule),
  /** The e-mail domains of IDENTITY_PROVIDERS (a rule names one of them). */
  externalDomains: z.array(z.string()),
});
export type DomainRulesResponse = z.infer<typeof DomainRulesResponse>;

export const DomainRuleParams = z.object({ groupId: z.string().min(1), domain: z.string().min(1).max(253) });
export type DomainRuleParams = z.infer<typeof DomainRuleParams>;

/** The reason in the details of the 401 a first sign-in gets when its domain has no rule. */
export const NO_DOMAIN_RULE = 'NO_DOMAIN_RULE';
