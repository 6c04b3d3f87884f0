import type { Db } from '../../platform/db/database';

/** The user's language; the version triggers of migration 0010 make the next request see it. */
export async function updateLocale(db: Db, userId: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}
