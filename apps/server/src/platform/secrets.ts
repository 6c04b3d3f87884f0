import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';

/**
 * Reads a server secret, creating it on first use. Kept in the database so that every process of a
 * deployment (API and workers) shares it and restarts keep links and sessions valid.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  create: () => string | Promise<string> = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: await create(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
