import type { ShareRecipientsTable } from '../../db/schema';
import { snakeRow, type Camel } from '../../platform/db/camel-rows';
import type { Db } from '../../platform/db/database';

export type NewRecipient = Camel<ShareRecipientsTable>;

export async function insertRecipient(db: Db, r: NewRecipient): Promise<void> {
  await db
    .insertInto('share_recipients')
    .values(snakeRow<ShareRecipientsTable>(r) as ShareRecipientsTable)
    .execute();
}

export async function deleteRecipient(db: Db, token: string): Promise<void> {
  await db.deleteFrom('share_recipients').where('token', '=', token).execute();
}

/** Whether the token is a recipient of that reference (a token of another reference is none). */
export async function recipientExists(db: Db, ref: string, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('share_recipients')
    .select('token')
    .where('token', '=', token)
    .where('ref', '=', ref)
    .executeTakeFirst();
  return row !== undefined;
}
