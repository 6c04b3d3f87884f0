import type { Db } from '../../platform/db/database';

export interface SourceImage {
  /** The image the caller named. */
  imageId: string;
  /** The ORIGINAL of the same position: detection runs on it, so corners are in its pixels. */
  originalBlobKey: string;
}

/**
 * For each named image of a shooting the caller's owners hold, the ORIGINAL of its position. Ids that are
 * not images of that shooting, or a shooting outside the scope, give nothing.
 */
export async function findOriginals(db: Db, shootingId: string, imageIds: string[], ownerIds: string[]): Promise<SourceImage[]> {
  if (ownerIds.length === 0 || imageIds.length === 0) return [];
  const rows = await db
    .selectFrom('images as named')
    .innerJoin('shootings', 'shootings.id', 'named.shooting_id')
    .innerJoin('images as original', (j) =>
      j.onRef('original.shooting_id', '=', 'named.shooting_id').onRef('original.position', '=', 'named.position').on('original.image_type', '=', 'ORIGINAL'),
    )
    .select(['named.id as imageId', 'original.blob_key as originalBlobKey'])
    .where('named.shooting_id', '=', shootingId)
    .where('named.id', 'in', imageIds)
    .where('shootings.owner_id', 'in', ownerIds)
    .execute();
  return rows;
}
