import type { Adapters } from '../../platform/adapters';
import { saveVerification, upsertDerivedImage, type DerivedImage } from './images.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;

/**
 * Makes a rendering the image of its position and type, replacing the one before it, whose files are
 * then removed. Used by the stamping steps and by the editing module.
 */
export async function saveDerivedImage(deps: Deps, image: DerivedImage): Promise<void> {
  const replaced = await upsertDerivedImage(deps.db, {
    ...image,
    id: deps.ids.uuid(),
    now: deps.clock.now().toISOString(),
  });
  await Promise.all(replaced.map((k) => deps.blobs.delete(k)));
}

/** Records a check of an image (the stamping's STAMP, the clipping service's QUALITY), replacing the last of its kind. */
export async function recordVerification(
  deps: Pick<Adapters, 'db'>,
  imageId: string,
  kind: string,
  result: string,
  at: string,
): Promise<void> {
  await saveVerification(deps.db, imageId, kind, result, at);
}
