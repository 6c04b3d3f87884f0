import type { Db } from '../../platform/db/database';

export async function findVariant(db: Db, imageId: string, variant: string): Promise<string | null> {
  const row = await db
    .selectFrom('image_variants')
    .select('blob_key')
    .where('image_id', '=', imageId)
    .where('variant', '=', variant)
    .executeTakeFirst();
  return row?.blob_key ?? null;
}

/** Which of these variants of an image are made. */
export async function findVariants(db: Db, imageId: string, variants: string[]): Promise<string[]> {
  if (!variants.length) return [];
  const rows = await db
    .selectFrom('image_variants')
    .select('variant')
    .where('image_id', '=', imageId)
    .where('variant', 'in', variants)
    .execute();
  return rows.map((r) => r.variant);
}

export async function saveVariant(
  db: Db,
  row: { imageId: string; variant: string; blobKey: string; bytes: number; now: string },
): Promise<void> {
  await db
    .insertInto('image_variants')
    .values({
      image_id: row.imageId,
      variant: row.variant,
      blob_key: row.blobKey,
      bytes: row.bytes,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['image_id', 'variant']).doNothing())
    .execute();
}
