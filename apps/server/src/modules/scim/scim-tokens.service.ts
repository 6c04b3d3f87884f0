import type { ScimToken, ScimTokenCreated } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { newBearerToken, tokenHash, touchDue } from '../../platform/bearer-tokens';
import { forbidden, notFound } from '../../platform/errors';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import {
  findLiveScimToken,
  groupExists,
  findScimToken,
  insertScimToken,
  listScimTokens,
  revokeScimToken,
  touchScimToken,
  type ScimTokenRow,
} from './scim.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** What a SCIM token begins with (see newBearerToken). */
const TOKEN_PREFIX = 'fcscim_';

const toToken = (r: ScimTokenRow): ScimToken => ({
  id: r.id,
  groupId: r.groupId,
  label: r.label,
  createdAt: r.createdAt,
  createdBy: r.createdBy,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

/** SCIM tokens open a group's accounts to an outside system, so only provider administrators manage them. */
function requireTokenAdmin(user: UserContext): void {
  if (!user.habilitations.includes('PROVIDER_ADMINISTRATOR'))
    throw forbidden('SCIM tokens are managed by provider administrators');
}

async function requireGroup(deps: Deps, groupId: string): Promise<void> {
  if (!(await groupExists(deps.db, groupId))) throw notFound('Dealer group');
}

/** Creates a token for the group; the result carries the token itself, shown this once. Used by the API and the CLI. */
export async function createScimToken(
  deps: Deps,
  groupId: string,
  label: string,
  audit: AuditContext,
): Promise<ScimTokenCreated> {
  await requireGroup(deps, groupId);
  const token = newBearerToken(TOKEN_PREFIX);
  const row = {
    id: deps.ids.uuid(),
    groupId,
    label,
    tokenHash: tokenHash(token),
    createdAt: deps.clock.now().toISOString(),
    createdBy: audit.actor.label,
  };
  await withAudit(
    deps,
    { ...audit, groupId, action: 'scim-token.create', target: { type: 'scim-token', id: row.id }, after: { label } },
    (trx) => insertScimToken(trx, row),
  );
  return { ...toToken({ ...row, lastUsedAt: null, revokedAt: null }), token };
}

export async function createGroupScimToken(
  deps: Deps,
  user: UserContext,
  groupId: string,
  label: string,
  audit: AuditContext,
): Promise<ScimTokenCreated> {
  requireTokenAdmin(user);
  return createScimToken(deps, groupId, label, audit);
}

export async function listGroupScimTokens(deps: Deps, user: UserContext, groupId: string): Promise<ScimToken[]> {
  requireTokenAdmin(user);
  await requireGroup(deps, groupId);
  return (await listScimTokens(deps.db, groupId)).map(toToken);
}

/** Revokes a token: the next request with it is refused on every process (each request reads it). */
export async function revokeGroupScimToken(
  deps: Deps,
  user: UserContext,
  groupId: string,
  tokenId: string,
  audit: AuditContext,
): Promise<ScimToken> {
  requireTokenAdmin(user);
  const token = await findScimToken(deps.db, groupId, tokenId);
  if (!token) throw notFound('SCIM token');
  if (!token.revokedAt)
    await withAudit(
      deps,
      {
        ...audit,
        groupId,
        action: 'scim-token.revoke',
        target: { type: 'scim-token', id: tokenId },
        before: { label: token.label },
      },
      (trx) => revokeScimToken(trx, tokenId, deps.clock.now().toISOString()),
    );
  return toToken((await findScimToken(deps.db, groupId, tokenId))!);
}

/** The caller of /scim/v2: a live token of an active group. */
export interface ScimCaller {
  tokenId: string;
  label: string;
  groupId: string;
  groupName: string;
}

/** The caller a bearer token stands for, or null (unknown, revoked, or its group deactivated). */
export async function scimCallerOf(deps: Pick<Adapters, 'db' | 'clock'>, token: string): Promise<ScimCaller | null> {
  const row = await findLiveScimToken(deps.db, tokenHash(token));
  if (!row) return null;
  const now = deps.clock.now();
  if (touchDue(row.lastUsedAt, now)) await touchScimToken(deps.db, row.id, now.toISOString());
  return { tokenId: row.id, label: row.label, groupId: row.groupId, groupName: row.groupName };
}
