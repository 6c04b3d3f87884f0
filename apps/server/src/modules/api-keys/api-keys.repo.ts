import type { ApiKeysTable } from '../../db/schema';
import type { Db, Executor } from '../../platform/db/database';

export type ApiKeyRow = ApiKeysTable;

export async function insertApiKey(db: Executor, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export const listApiKeys = (db: Db, groupId: string): Promise<ApiKeyRow[]> =>
  db.selectFrom('api_keys').selectAll().where('group_id', '=', groupId).orderBy('created_at').orderBy('id').execute();

export const findApiKey = (db: Db, groupId: string, id: string): Promise<ApiKeyRow | undefined> =>
  db.selectFrom('api_keys').selectAll().where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();

export async function revokeApiKey(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).execute();
}

/** The unrevoked key with this hash, if its group is active: one read per request made with a key. */
export const findLiveApiKey = (db: Db, keyHash: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('dealer_groups as g', 'g.id', 'k.group_id')
    .selectAll('k')
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .where('g.deactivated_at', 'is', null)
    .executeTakeFirst();

export async function touchApiKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** The ids of the group's stocks, of all or of these only. */
export async function groupOwnerIds(db: Db, groupId: string, only?: readonly string[]): Promise<string[]> {
  if (only && !only.length) return [];
  let q = db.selectFrom('owners').select('id').where('group_id', '=', groupId);
  if (only) q = q.where('id', 'in', [...only]);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}
