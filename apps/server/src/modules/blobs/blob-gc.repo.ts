import type { Db } from '../../platform/db/database';

// Bound parameters per statement, well under SQLite's and PostgreSQL's limits.
const CHUNK = 500;

async function inChunks<T>(values: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await read(values.slice(i, i + CHUNK))));
  return out;
}

/** The expiry of the upload grant of each of these keys that has one. */
export async function grantExpiries(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await inChunks(keys, (chunk) =>
    db.selectFrom('upload_grants').select(['blob_key', 'expires_at']).where('blob_key', 'in', chunk).execute(),
  );
  return new Map(rows.map((r) => [r.blob_key, r.expires_at]));
}

/** Which of these shooting ids have a row. */
export async function existingShootings(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await inChunks(ids, (chunk) =>
    db.selectFrom('shootings').select('id').where('id', 'in', chunk).execute(),
  );
  return new Set(rows.map((r) => r.id));
}
