import type { SeedContext } from './seed-context';

/** Writes every planned vehicle, the ones waiting for photos included; existing rows are left alone. */
export async function seedProducts({ adapters: { db }, plan }: SeedContext): Promise<void> {
  const rows = plan.products.map((p) => ({
    id: p.id,
    owner_id: p.ownerId,
    vin: p.vin,
    registration: p.registration.text,
    brand: p.brand,
    model: p.model,
    product_type: p.productType,
    workflows: JSON.stringify(p.workflows),
    photo_state: p.photoState,
    created_at: p.createdAt,
  }));
  for (let i = 0; i < rows.length; i += 50) {
    await db
      .insertInto('products')
      .values(rows.slice(i, i + 50))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
