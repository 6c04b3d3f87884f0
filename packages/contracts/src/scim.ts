import { z } from 'zod';

/**
 * SCIM 2.0 provisioning (RFC 7643/7644, issue 29 point 4): the settings' token management, and the
 * payloads an identity provider (Entra ID, Okta) sends to /scim/v2.
 */

/** A dealer group's SCIM bearer token as the settings list it (never the token itself). */
export const ScimToken = z.object({
  id: z.string(),
  groupId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimToken>;

/** `GET /api/settings/groups/{groupId}/scim-tokens` */
export const ScimTokensResponse = z.object({ items: z.array(ScimToken) });
export type ScimTokensResponse = z.infer<typeof ScimTokensResponse>;

/** `POST /api/settings/groups/{groupId}/scim-tokens`: a name saying which provider uses it. */
export const ScimTokenCreate = z.object({ label: z.string().trim().min(1).max(100) });
export type ScimTokenCreate = z.infer<typeof ScimTokenCreate>;

/** The created token: `token` is shown this once; only its SHA-256 is stored. */
export const ScimTokenCreated = ScimToken.extend({ token: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreated>;

/** `DELETE /api/settings/groups/{groupId}/scim-tokens/{tokenId}` revokes it. */
export const ScimTokenParams = z.object({ groupId: z.string().min(1), tokenId: z.string().min(1) });
export type ScimTokenParams = z.infer<typeof ScimTokenParams>;

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A boolean as providers send it: Entra writes `"False"` and `"True"` as strings. */
export const ScimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((s) => s.toLowerCase() === 'true'),
]);

/**
 * `POST /scim/v2/Users` and `PUT /scim/v2/Users/{id}`. The attributes an account keeps are read; the
 * others a provider sends (title, phone numbers, the enterprise extension) are accepted and not kept.
 */
export const ScimUserBody = z.looseObject({
  userName: z.string().trim().min(1).max(254),
  name: z
    .looseObject({
      givenName: z.string().trim().max(100).optional(),
      familyName: z.string().trim().max(100).optional(),
    })
    .optional(),
  displayName: z.string().max(200).optional(),
  active: ScimBoolean.optional(),
  emails: z.array(z.looseObject({ value: z.string().max(254), primary: ScimBoolean.optional() })).optional(),
  preferredLanguage: z.string().max(35).optional(),
  locale: z.string().max(35).optional(),
  externalId: z.string().max(254).optional(),
});
export type ScimUserBody = z.infer<typeof ScimUserBody>;

/** One operation of a PatchOp; op names are case-insensitive (Entra sends `Replace`, Okta `replace`). */
export const ScimPatchOperation = z.object({
  op: z
    .string()
    .regex(/^(add|replace|remove)$/i)
    .transform((s) => s.toLowerCase() as 'add' | 'replace' | 'remove'),
  path: z.string().max(300).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof ScimPatchOperation>;

/** `PATCH /scim/v2/Users/{id}` and `PATCH /scim/v2/Groups/{id}` */
export const ScimPatchBody = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(SCIM_PATCH_SCHEMA), { message: `needs ${SCIM_PATCH_SCHEMA}` }),
  Operations: z.array(ScimPatchOperation).min(1).max(1000),
});
export type ScimPatchBody = z.infer<typeof ScimPatchBody>;

/** `GET /scim/v2/Users` and `/Groups`: a filter, 1-based paging (RFC 7644 section 3.4.2). */
export const ScimListQuery = z.object({
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().catch(1).optional(),
  count: z.coerce.number().int().catch(100).optional(),
  excludedAttributes: z.string().max(200).optional(),
  attributes: z.string().max(500).optional(),
});
export type ScimListQuery = z.infer<typeof ScimListQuery>;

export const ScimIdParams = z.object({ id: z.string().min(1).max(200) });
