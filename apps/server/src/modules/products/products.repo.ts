import type { Db } from '../../platform/db/database';

export interface ProductRow {
  id: string;
  ownerId: string;
  registration: string;
  vin: string;
}

const parseWorkflows = (text: string): string[] => {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

/** Products of one owner with the given workflow in the given photo state; empty when the owner is out of scope. */
export async function listProductsByWorkflow(
  db: Db,
  q: { ownerId: string; ownerIds: string[]; workflow: string; state: string },
): Promise<ProductRow[]> {
  if (!q.ownerIds.includes(q.ownerId)) return [];
  const rows = await db
    .selectFrom('products')
    .select(['id', 'owner_id', 'registration', 'vin', 'workflows'])
    .where('owner_id', '=', q.ownerId)
    .where('photo_state', '=', q.state)
    .orderBy('registration')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => parseWorkflows(r.workflows).includes(q.workflow))
    .map((r) => ({ id: r.id, ownerId: r.owner_id, registration: r.registration, vin: r.vin }));
}

export async function insertVirtualProduct(
  db: Db,
  p: { id: string; ownerId: string; vin: string; registration: string; workflows: string[]; now: string },
): Promise<void> {
  await db
    .insertInto('products')
    .values({
      id: p.id,
      owner_id: p.ownerId,
      vin: p.vin,
      registration: p.registration,
      product_type: 'VIRTUAL',
      workflows: JSON.stringify(p.workflows),
      photo_state: 'TODO',
      created_at: p.now,
    })
    .execute();
}

export async function findProductByVin(db: Db, vin: string): Promise<{ id: string; ownerId: string } | null> {
  const row = await db.selectFrom('products').select(['id', 'owner_id']).where('vin', '=', vin).executeTakeFirst();
  return row ? { id: row.id, ownerId: row.owner_id } : null;
}

export async function setPhotoState(db: Db, id: string, state: 'TODO' | 'DONE'): Promise<void> {
  await db.updateTable('products').set({ photo_state: state }).where('id', '=', id).execute();
}
