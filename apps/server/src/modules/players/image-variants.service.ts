import type { Db } from '../../platform/db/database';
import * as repo from './image-variants.repo';

// The image_variants cache: copies of an image made once and kept as blobs, by variant name. Made for the
// player's resized frames (frame-variants.ts); the reports keep their print copies of photos in it too.

/** The blob key of an image's variant, or null while it is not made. */
export const variantKey = (db: Db, imageId: string, variant: string): Promise<string | null> =>
  repo.findVariant(db, imageId, variant);

/** Records a variant once made (a second record of the same variant changes nothing). */
export const recordVariant = (
  db: Db,
  row: { imageId: string; variant: string; blobKey: string; bytes: number; now: string },
): Promise<void> => repo.saveVariant(db, row);
