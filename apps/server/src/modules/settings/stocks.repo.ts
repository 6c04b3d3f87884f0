import type { Db, Executor } from '../../platform/db/database';

export interface StockRow {
  id: string;
  groupId: string;
  name: string;
  label: string;
  logoKey: string | null;
  plateCoverKey: string | null;
  contactInformation: string;
  contactPhone: string | null;
  createdAt: string;
}

const columns = [
  'id',
  'group_id',
  'name',
  'label',
  'logo_key',
  'plate_cover_key',
  'contact_information',
  'contact_phone',
  'created_at',
] as const;
type Row = {
  id: string;
  group_id: string;
  name: string;
  label: string;
  logo_key: string | null;
  plate_cover_key: string | null;
  contact_information: string;
  contact_phone: string | null;
  created_at: string;
};
const toStock = (r: Row): StockRow => ({
  id: r.id,
  groupId: r.group_id,
  name: r.name,
  label: r.label,
  logoKey: r.logo_key,
  plateCoverKey: r.plate_cover_key,
  contactInformation: r.contact_information,
  contactPhone: r.contact_phone,
  createdAt: r.created_at,
});

export async function listGroupStocks(db: Db, groupId: string): Promise<StockRow[]> {
  const rows = await db.selectFrom('owners').select(columns).where('group_id', '=', groupId).orderBy('name').execute();
  return rows.map(toStock);
}

/** The stock when it belongs to the group. */
export async function findGroupStock(db: Db, groupId: string, id: string): Promise<StockRow | null> {
  const row = await db
    .selectFrom('owners')
    .select(columns)
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row ? toStock(row) : null;
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
