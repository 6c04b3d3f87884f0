import { ALL_OWNERS } from '../../db/migrations/0010-data-versions';
import type { Db } from './database';
import { rawRows, SqlParams } from './raw-sql';

// Past this many owners one `in (...)` read costs less than one arm per owner (and a compound query has at
// most 500 arms); below it, SQLite would build a temporary index for the list, which costs more.
const ARMS_MAX_OWNERS = 64;

const listArms = (p: SqlParams, keys: readonly string[]) => {
  const read = 'select owner_id, version from shooting_list_versions where owner_id';
  return keys.length > ARMS_MAX_OWNERS ? [`${read} in (${p.list(keys)})`] : keys.map((o) => `${read} = ${p.bind(o)}`);
};

/**
 * The data versions of migration 0010 that the API processes' caches check before each reuse, read in
 * one statement of primary-key reads: a user's context version and, when ownerIds are given, the shootings
 * list versions of these owners and of the all-owners row, as one comparable string in the order given
 * (a missing row is version 0). A list request needs both, and reads them in one round trip
 * (modules/identity/user-context-cache.ts, modules/shootings/shootings.service.ts).
 */
export async function readDataVersions(
  db: Db,
  input: { userId?: string; ownerIds?: readonly string[] },
): Promise<{ user: number; ownerLists: string | null }> {
  const p = new SqlParams(db);
  const arms: string[] = [];
  if (input.userId !== undefined)
    arms.push(
      `select cast(null as text) as owner_id, version from user_context_versions where user_id = ${p.bind(input.userId)}`,
    );
  const keys = input.ownerIds ? [ALL_OWNERS, ...input.ownerIds] : null;
  if (keys) arms.push(...listArms(p, keys));
  if (!arms.length) return { user: 0, ownerLists: null };
  const rows = await rawRows<{ owner_id: string | null; version: number | string }>(db, arms.join(' union all '), p);
  const of = new Map(rows.map((r) => [r.owner_id, r.version]));
  return {
    user: Number(of.get(null) ?? 0),
    ownerLists: keys ? keys.map((o) => of.get(o) ?? 0).join(',') : null,
  };
}
