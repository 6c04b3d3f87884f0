import type { OwnersTable } from '../../db/schema';
import { camelRow, type Camel } from '../../platform/db/camel-rows';
import type { Db, Executor } from '../../platform/db/database';

/** A stock (an `owners` row): every column, read whole. */
export type StockRow = Camel<OwnersTable>;

export async function listGroupStocks(db: Db, groupId: string): Promise<StockRow[]> {
  const rows = await db.selectFrom('owners').selectAll().where('group_id', '=', groupId).orderBy('name').execute();
  return rows.map(camelRow);
}

/** The ids of the group's stocks, of all or of these only, in id order. */
export async function listGroupStockIds(db: Executor, groupId: string, only?: readonly string[]): Promise<string[]> {
  if (only && !only.length) return [];
  let q = db.selectFrom('owners').select('id').where('group_id', '=', groupId);
  if (only) q = q.where('id', 'in', [...only]);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

/** The dealer group of a stock, or null when there is no such stock. */
export async function findStockGroup(db: Executor, ownerId: string): Promise<string | null> {
  const row = await db.selectFrom('owners').select('group_id').where('id', '=', ownerId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** The stock when it belongs to the group. */
export async function findGroupStock(db: Db, groupId: string, id: string): Promise<StockRow | null> {
  const row = await db
    .selectFrom('owners')
    .selectAll()
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row ? camelRow(row) : null;
}

export async function insertStock(db: Executor, s: Omit<StockRow, 'logoKey' | 'plateCoverKey'>): Promise<void> {
  await db
    .insertInto('owners')
    .values({
      id: s.id,
      group_id: s.groupId,
      name: s.name,
      label: s.label,
      logo_key: null,
      plate_cover_key: null,
      contact_information: s.contactInformation,
      contact_phone: s.contactPhone,
      created_at: s.createdAt,
    })
    .execute();
}

export async function updateStock(
  db: Executor,
  id: string,
  s: Pick<StockRow, 'name' | 'label' | 'contactInformation' | 'contactPhone'>,
): Promise<void> {
  await db
    .updateTable('owners')
    .set({ name: s.name, label: s.label, contact_information: s.contactInformation, contact_phone: s.contactPhone })
    .where('id', '=', id)
    .execute();
}

export async function setStockImage(
  db: Executor,
  id: string,
  image: 'logo' | 'plate-cover',
  key: string,
): Promise<void> {
  await db
    .updateTable('owners')
    .set(image === 'logo' ? { logo_key: key } : { plate_cover_key: key })
    .where('id', '=', id)
    .execute();
}
