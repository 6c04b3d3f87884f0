import type { Kysely } from 'kysely';

/**
 * The list reads only the page's ids from an index: with every filtered column in it, a search by
 * registration or date range scans the caller's owners in the index and never reads table rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('shootings_owner_created_cover')
    .on('shootings')
    .columns(['owner_id', 'created_at', 'id', 'shooting_type', 'registration'])
    .execute();
  // Same-day related shootings of a product (delete with deleteSameDayRelatedShootings).
  await db.schema
    .createIndex('shootings_product_created')
    .on('shootings')
    .columns(['product_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shootings_product_created').ifExists().execute();
  await db.schema.dropIndex('shootings_owner_created_cover').ifExists().execute();
}
