import type { Db } from '../../platform/db/database';

export async function findGroupName(db: Db, groupId: string): Promise<string | undefined> {
  const row = await db.selectFrom('dealer_groups').select('name').where('id', '=', groupId).executeTakeFirst();
  return row?.name;
}

/** The user's language; the version triggers of migration 0010 make the next request see it. */
export async function updateLocale(db: Db, userId: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}
