import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';

/** Whether any account holds the provider-administrator habilitation (stored as a JSON list). */
export async function providerAdministratorExists(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`habilitations like ${'%"PROVIDER_ADMINISTRATOR"%'}`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertSetupCode(db: Db, codeHash: string, at: string): Promise<void> {
  await db.insertInto('setup_codes').values({ code_hash: codeHash, created_at: at }).execute();
}

export async function setupCodeExists(db: Db, codeHash: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('setup_codes').select('code_hash').where('code_hash', '=', codeHash).executeTakeFirst(),
  );
}

/**
 * Removes every setup code and tells whether this one was among them. Run in the setup's transaction: of
 * two setups at once, the second waits for the first's delete and finds nothing left.
 */
export async function takeSetupCodes(trx: Executor, codeHash: string): Promise<boolean> {
  const removed = await trx.deleteFrom('setup_codes').returning('code_hash').execute();
  return removed.some((r) => r.code_hash === codeHash);
}
