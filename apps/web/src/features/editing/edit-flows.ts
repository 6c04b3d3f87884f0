import type { ImageEdit, PlateCorners, ShootingImage } from '@forecourt/contracts';
import {
  addEditedImages,
  applyPlateCover,
  fetchEdit,
  fetchStampConfiguration,
  startCrop,
  verifyImage,
} from './editing-api';
import { resultOf, type EditResult } from './edit-results';

/** The progress messages of the cropping flow (spec section 4). */
export type CropProgress = 'gettingConfigurations' | 'croppingInProgress' | 'shootingUpdate' | 'endOfProcess';

const POLL_MS = 1000;
/** Crop calls are spaced by a second (spec section 9). */
const CROP_SPACING_MS = 1000;
const EDIT_TIMEOUT_MS = 10 * 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ORIGINAL of a picture's position: edits start from it whatever version the gallery showed. */
export const originalOf = (images: ShootingImage[], image: ShootingImage): ShootingImage =>
  images.find((i) => i.order === image.order && i.imageType === 'ORIGINAL') ?? image;

/** Follows an edit until its job has finished. */
async function finished(shootingId: string, edit: ImageEdit): Promise<ImageEdit> {
  const until = Date.now() + EDIT_TIMEOUT_MS;
  let current = edit;
  while (current.status === 'PENDING') {
    if (Date.now() > until) return { ...current, status: 'ERROR', error: 'The edit took too long' };
    await pause(POLL_MS);
    current = await fetchEdit(shootingId, edit.id);
  }
  return current;
}

/** Cropping: configurations, the crop calls, adding the pictures to the shooting, the verification. */
export async function runCropFlow(
  shootingId: string,
  all: ShootingImage[],
  selected: ShootingImage[],
  onProgress: (step: CropProgress) => void,
): Promise<EditResult[]> {
  onProgress('gettingConfigurations');
  const originals = selected.map((image) => originalOf(all, image));
  const stampIds = [...new Set(originals.map((o) => o.stampId).filter((id): id is string => Boolean(id)))];
  const configurations = new Map(
    await Promise.all(
      stampIds.map(async (id) => [id, (await fetchStampConfiguration(id)).croppingConfiguration.croppingType] as const),
    ),
  );

  onProgress('croppingInProgress');
  type Outcome = { edit: ImageEdit } | { failure: unknown };
  const outcomes: Promise<Outcome>[] = [];
  for (const [n, original] of originals.entries()) {
    if (n > 0) await pause(CROP_SPACING_MS);
    outcomes.push(
      startCrop(configurations.get(original.stampId ?? '') ?? 'CROPPING', shootingId, original.id)
        .then((edit) => finished(shootingId, edit))
        .then(
          (edit): Outcome => ({ edit }),
          (failure: unknown): Outcome => ({ failure }),
        ),
    );
  }
  const settled = await Promise.all(outcomes);

  onProgress('shootingUpdate');
  const done = settled.flatMap((o) => ('edit' in o && o.edit.status === 'DONE' ? [o.edit] : []));
  const added: Outcome | null = done.length
    ? await addEditedImages(
        shootingId,
        done.map((e) => e.id),
      ).then(
        () => null,
        (failure: unknown) => ({ failure }),
      )
    : null;

  onProgress('endOfProcess');
  if (!added) {
    for (const edit of done) await verifyImage(shootingId, edit.imageId, true).catch(() => undefined);
  }
  return originals.map((original, n) => {
    const outcome = settled[n]!;
    return {
      imageId: original.id,
      order: original.order,
      ...resultOf('CROPPING', 'edit' in outcome && outcome.edit.status === 'DONE' && added ? added : outcome),
    };
  });
}

/** Licence-plate cover: apply the confirmed plates of each picture, then verify it. */
export async function runCoverFlow(
  shootingId: string,
  items: { original: ShootingImage; plates: PlateCorners[] }[],
): Promise<EditResult[]> {
  const results: EditResult[] = [];
  for (const { original, plates } of items) {
    try {
      const edit = await finished(shootingId, await applyPlateCover(shootingId, original.id, plates));
      if (edit.status === 'DONE') await verifyImage(shootingId, original.id, false).catch(() => undefined);
      results.push({ imageId: original.id, order: original.order, ...resultOf('LICENSE_PLATE_COVER', { edit }) });
    } catch (failure) {
      results.push({ imageId: original.id, order: original.order, ...resultOf('LICENSE_PLATE_COVER', { failure }) });
    }
  }
  return results;
}
