import type { Db } from '../../platform/db/database';

export interface SourceImage {
  /** The image the caller named. */
  imageId: string;
  /** The ORIGINAL of the same position: detection runs on it, so corners are in its pixels. */
  originalBlobKey: string;
}

/** For each named image of the shooting, the ORIGINAL of its position. Ids that are not its images give nothing. */
export async function findOriginals(db: Db, shootingId: string, imageIds: string[]): Promise<SourceImage[]> {
  if (imageIds.length === 0) return [];
  const rows = await db
    .selectFrom('images as named')
    .innerJoin('images as original', (j) =>
      j
        .onRef('original.shooting_id', '=', 'named.shooting_id')
        .onRef('original.position', '=', 'named.position')
        .on('original.image_type', '=', 'ORIGINAL'),
    )
    .select(['named.id as imageId', 'original.blob_key as originalBlobKey'])
    .where('named.shooting_id', '=', shootingId)
    .where('named.id', 'in', imageIds)
    .execute();
  return rows;
}
