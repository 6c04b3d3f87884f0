import type { Db, Executor } from '../../platform/db/database';

/** One api_keys row in the domain's camelCase; scopes and ownerIds as the JSON text stored. */
export interface ApiKeyRow {
  id: string;
  groupId: string;
  label: string;
  keyHash: string;
  hint: string;
  scopes: string;
  ownerIds: string | null;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
  /** The account a key's calls are made as (its creator): shootings it creates name it. */
  actingUserId: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const COLUMNS = [
  'k.id',
  'k.group_id as groupId',
  'k.label',
  'k.key_hash as keyHash',
  'k.hint',
  'k.scopes',
  'k.owner_ids as ownerIds',
  'k.expires_at as expiresAt',
  'k.created_at as createdAt',
  'k.created_by as createdBy',
  'k.acting_user_id as actingUserId',
  'k.last_used_at as lastUsedAt',
  'k.revoked_at as revokedAt',
] as const;

export async function insertApiKey(db: Executor, row: ApiKeyRow): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: row.id,
      group_id: row.groupId,
      label: row.label,
      key_hash: row.keyHash,
      hint: row.hint,
      scopes: row.scopes,
      owner_ids: row.ownerIds,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
      created_by: row.createdBy,
      acting_user_id: row.actingUserId,
      last_used_at: row.lastUsedAt,
      revoked_at: row.revokedAt,
    })
    .execute();
}

export const listApiKeys = (db: Db, groupId: string): Promise<ApiKeyRow[]> =>
  db
    .selectFrom('api_keys as k')
    .select(COLUMNS)
    .where('k.group_id', '=', groupId)
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();

export const findApiKey = (db: Db, groupId: string, id: string): Promise<ApiKeyRow | undefined> =>
  db
    .selectFrom('api_keys as k')
    .select(COLUMNS)
    .where('k.group_id', '=', groupId)
    .where('k.id', '=', id)
    .executeTakeFirst();

export async function revokeApiKey(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).execute();
}

/** The unrevoked key with this hash, if its group is active: one read per request made with a key. */
export const findLiveApiKey = (db: Db, keyHash: string): Promise<ApiKeyRow | undefined> =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('dealer_groups as g', 'g.id', 'k.group_id')
    .select(COLUMNS)
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .where('g.deactivated_at', 'is', null)
    .executeTakeFirst();

export async function touchApiKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
