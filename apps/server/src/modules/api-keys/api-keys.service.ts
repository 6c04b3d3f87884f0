import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeysResponse,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { newBearerToken, tokenHash, touchDue } from '../../platform/bearer-tokens';
import { badRequest, notFound } from '../../platform/errors';
import { recordAudit, withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { groupStockIds, groupStockNames } from '../settings/stocks.service';
import {
  findApiKey,
  findLiveApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './api-keys.repo';
import { requireIntegrationsGroup, keyStocksFor } from './integrations-access';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

const parseList = <T = string>(text: string | null): T[] | null => (text === null ? null : (JSON.parse(text) as T[]));

const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  groupId: r.groupId,
  label: r.label,
  hint: r.hint,
  scopes: parseList<ApiKeyScope>(r.scopes)!,
  ownerIds: parseList(r.ownerIds),
  expiresAt: r.expiresAt,
  createdAt: r.createdAt,
  createdBy: r.createdBy,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

export async function listGroupApiKeys(deps: Deps, user: UserContext, groupId: string): Promise<ApiKeysResponse> {
  await requireIntegrationsGroup(deps, user, groupId);
  const [keys, stocks] = await Promise.all([listApiKeys(deps.db, groupId), groupStockNames(deps.db, groupId)]);
  return { items: keys.map(toApiKey), stocks };
}

/**
 * Creates a key for the group; the answer carries the key itself, shown this once. Its calls are made as its
 * creator's account (shootings it creates name them), within the group's stocks or the ones chosen; a group's
 * manager gives only stocks they reach (`keyStocksFor`).
 */
export async function createGroupApiKey(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: ApiKeyCreate,
  audit: AuditContext,
): Promise<ApiKeyCreated> {
  await requireIntegrationsGroup(deps, user, groupId);
  const now = deps.clock.now();
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime())
    throw badRequest('The expiry must be in the future', { field: 'expiresAt' });
  const ownerIds = await keyStocksFor(deps, user, groupId, input.ownerIds);
  const key = newBearerToken(API_KEY_PREFIX);
  const row: ApiKeyRow = {
    id: deps.ids.uuid(),
    groupId,
    label: input.label,
    keyHash: tokenHash(key),
    hint: key.slice(0, API_KEY_PREFIX.length + 6),
    scopes: JSON.stringify([...new Set(input.scopes)]),
    ownerIds: ownerIds && JSON.stringify(ownerIds),
    expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    createdAt: now.toISOString(),
    createdBy: audit.actor.label,
    actingUserId: user.id,
    lastUsedAt: null,
    revokedAt: null,
  };
  const described = toApiKey(row);
  const after = { label: described.label, scopes: described.scopes, ownerIds, expiresAt: described.expiresAt };
  await withAudit(
    deps,
    { ...audit, groupId, action: 'api-key.create', target: { type: 'api-key', id: row.id }, after },
    (trx) => insertApiKey(trx, row),
  );
  return { ...described, key };
}

/** Revokes a key: the next call with it is refused on every process (each call reads it). */
export async function revokeGroupApiKey(
  deps: Deps,
  user: UserContext,
  groupId: string,
  keyId: string,
  audit: AuditContext,
): Promise<ApiKey> {
  await requireIntegrationsGroup(deps, user, groupId);
  const key = await findApiKey(deps.db, groupId, keyId);
  if (!key) throw notFound('API key');
  if (!key.revokedAt)
    await withAudit(
      deps,
      {
        ...audit,
        groupId,
        action: 'api-key.revoke',
        target: { type: 'api-key', id: keyId },
        before: { label: key.label },
      },
      (trx) => revokeApiKey(trx, keyId, deps.clock.now().toISOString()),
    );
  return toApiKey((await findApiKey(deps.db, groupId, keyId))!);
}

/** What a caller with a key is: its account context, narrowed to the key's group, stocks and scopes. */
export interface ApiKeyPrincipal {
  keyId: string;
  label: string;
  scopes: ApiKeyScope[];
  user: UserContext;
}

export const isApiKey = (secret: string): boolean => secret.startsWith(API_KEY_PREFIX);

/**
 * The principal a key stands for, or null (unknown, revoked, expired, or its group deactivated). The key acts
 * with no habilitation, role or option of its own: only the scopes' routes reach it (api-key-scopes.ts), and
 * tenancy is the stocks of its group (or those it was limited to) as they are now.
 */
export async function apiKeyPrincipal(
  deps: Pick<Adapters, 'db' | 'clock'>,
  secret: string,
): Promise<ApiKeyPrincipal | null> {
  const row = await findLiveApiKey(deps.db, tokenHash(secret));
  if (!row) return null;
  const now = deps.clock.now();
  if (row.expiresAt && Date.parse(row.expiresAt) <= now.getTime()) return null;
  if (touchDue(row.lastUsedAt, now)) await touchApiKey(deps.db, row.id, now.toISOString());
  const scopes = parseList<ApiKeyScope>(row.scopes)!;
  const user: UserContext = {
    id: row.actingUserId,
    email: `api-key:${row.label}`,
    givenName: row.label,
    familyName: '',
    locale: 'en',
    groupId: row.groupId,
    habilitations: [],
    roles: [],
    options: {},
    models: [],
    ownerIds: await groupStockIds(deps.db, row.groupId, parseList(row.ownerIds) ?? undefined),
    apiKey: { id: row.id, label: row.label, scopes },
  };
  return { keyId: row.id, label: row.label, scopes, user };
}

/** Records one call made with a key (every use is audited, issue 32). */
export async function auditApiKeyUse(
  deps: Deps,
  principal: ApiKeyPrincipal,
  call: { method: string; route: string; url: string },
  clientAddress: string | null,
): Promise<void> {
  await recordAudit(deps, {
    actor: { id: null, label: `api-key:${principal.label}` },
    clientAddress,
    groupId: principal.user.groupId,
    action: 'api-key.use',
    target: { type: 'api-key', id: principal.keyId },
    after: call,
  });
}
