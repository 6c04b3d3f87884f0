import { z } from 'zod';

/**
 * API keys of a dealer group (issue 32 point 1): its systems (DMS, CRM, website) call the portal's /api
 * routes with a key instead of a signed-in user, within the key's scopes and stocks.
 */

/** What a key may do; every /api route a key reaches belongs to one scope, any other answers 403. */
export const API_KEY_SCOPES = ['shootings:read', 'shootings:write', 'webhooks:manage', 'engagement:read'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** The prefix of every key: recognisable to secret scanners and in a log. */
export const API_KEY_PREFIX = 'fck_';

/** A key as the settings list it (never the key itself). */
export const ApiKey = z.object({
  id: z.string(),
  groupId: z.string(),
  label: z.string(),
  /** The key's first characters, so that a person can tell which key a system holds. */
  hint: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The stocks the key reaches; null: every stock of the group. */
  ownerIds: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/**
 * `GET /api/settings/groups/{groupId}/api-keys`; `stocks` names every stock of the group, so a key limited to a stock
 * the reader does not reach (a manager of some stocks) still shows its name, not its id.
 */
export const ApiKeysResponse = z.object({
  items: z.array(ApiKey),
  stocks: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

/** `POST /api/settings/groups/{groupId}/api-keys` */
export const ApiKeyCreate = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z.array(ApiKeyScope).min(1),
  /** Some stocks of the group only; absent or null: all of them, present and future. */
  ownerIds: z.array(z.string().min(1)).min(1).max(500).nullable().optional(),
  /** An instant in the future; absent or null: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;

/** The created key: `key` is shown this once; only its SHA-256 is stored. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** `DELETE /api/settings/groups/{groupId}/api-keys/{keyId}` revokes it. */
export const ApiKeyParams = z.object({ groupId: z.string().min(1), keyId: z.string().min(1) });
export type ApiKeyParams = z.infer<typeof ApiKeyParams>;

/**
 * `GET /api/settings/groups/{groupId}/api-keys/stocks`: the stocks the caller may limit a new key to. For the
 * settings' administrators, every stock of the group, and a key limited to none reaches them all, present and
 * future (`openToNewStocks`); for a group's manager, the group's stocks they reach themselves, and a key limited to
 * none reaches those, as of its creation (decision 0076).
 */
export const ApiKeyStocks = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  openToNewStocks: z.boolean(),
});
export type ApiKeyStocks = z.infer<typeof ApiKeyStocks>;
