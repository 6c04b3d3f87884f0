import type { CroppingType, ImageType } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { JobContext } from '../../platform/queue/queue';
import { saveDerivedImage } from '../images/derived-images.service';
import { imageInfo, makeThumbnail, stampImage } from '../images/image-render';
import { setRemarketingStatus } from '../shootings/shooting-scope.service';
import { stampForJob, type StampRow } from '../stamps/stamps.service';
import { composeCropped } from '../vision/compose-crop';
import type { Quad } from '../vision/geometry';
import { encodeMaskPng } from '../vision/mask-png';
import { applyPlateCover, defaultPlateCover } from '../vision/plate-cover';
import { segmentVehicle, UnreadablePicture } from '../vision/segmentation';
import { findEdit, findOwnerPlateCover, findPositionImages, finishEdit, type EditOutput, type EditRow } from './editing.repo';
import { oneCropAtATime } from './one-crop-at-a-time';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;

/** Attempts of an edit job; the last failed one leaves the edit in ERROR. */
export const EDIT_MAX_ATTEMPTS = 3;

export interface CoverParams {
  plates: Quad[];
  ownerId: string;
  ownerName: string;
  stampId: string;
}

export interface CropParams {
  croppingType: CroppingType;
  backgroundKey: string | null;
  blurringValue: number;
  stampId: string;
}

/** A picture that cannot be edited (damaged file, no vehicle): retrying will not help. */
class UnusableImage extends Error {}

const editKey = (e: EditRow, type: ImageType) => `shootings/${e.shootingId}/edits/${e.id}/${e.position}-${type}.jpg`;
const thumbKey = (key: string) => key.replace(/\.jpg$/, '-thumb.jpg');

async function store(deps: Deps, edit: EditRow, type: ImageType, bytes: Buffer, size: { width: number; height: number }): Promise<EditOutput> {
  const key = editKey(edit, type);
  await Promise.all([deps.blobs.put(key, bytes, 'image/jpeg'), deps.blobs.put(thumbKey(key), await makeThumbnail(bytes), 'image/jpeg')]);
  return { imageType: type, blobKey: key, thumbnailKey: thumbKey(key), width: size.width, height: size.height, bytes: bytes.length };
}

async function stampOf(deps: Deps, stampId: string): Promise<{ row: StampRow; overlay: Buffer } | null> {
  const row = await stampForJob(deps, stampId);
  const overlay = row && (await deps.blobs.getBuffer(row.overlayKey));
  return row && overlay ? { row, overlay } : null;
}

async function source(deps: Deps, key: string): Promise<Buffer> {
  const bytes = await deps.blobs.getBuffer(key);
  if (!bytes) throw new UnusableImage('The picture file is missing');
  if (!(await imageInfo(bytes))) throw new UnusableImage('The picture file is damaged');
  return bytes;
}

/** Runs an edit once; a bad picture, or the last failed attempt, leaves it in ERROR for the portal. */
async function runEdit(
  deps: Deps,
  editId: string,
  ctx: JobContext,
  work: (edit: EditRow) => Promise<{ outputs: EditOutput[]; maskKey?: string }>,
): Promise<void> {
  const now = () => deps.clock.now().toISOString();
  const edit = await findEdit(deps.db, editId);
  if (!edit || edit.status !== 'PENDING') return;
  await setRemarketingStatus(deps.db, edit.shootingId, 'AI_PROCESSING');
  try {
    const done = await work(edit);
    await finishEdit(deps.db, editId, { status: 'DONE', ...done }, now());
  } catch (err) {
    const final = err instanceof UnusableImage || (err as Error).message.startsWith('No vehicle') || ctx.attempt >= EDIT_MAX_ATTEMPTS;
    if (!final) throw err;
    await finishEdit(deps.db, editId, { status: 'ERROR', error: (err as Error).message }, now());
  }
}

/**
 * `editing.cover`: the owner's plate cover (or a clean plate with the dealer's name) warped onto each
 * plate of the position's ORIGINAL (and ORIGINAL_CROPPED when there is one), written as the _LPC images,
 * with their stamped renderings, and added to the shooting.
 */
export const coverPlates = (deps: Deps, editId: string, ctx: JobContext): Promise<void> =>
  runEdit(deps, editId, ctx, async (edit) => {
    const params = edit.params as CoverParams;
    const images = await findPositionImages(deps.db, edit.shootingId, edit.originalId);
    const coverKey = await findOwnerPlateCover(deps.db, params.ownerId);
    const plateCover = (coverKey && (await deps.blobs.getBuffer(coverKey))) || (await defaultPlateCover(params.ownerName));
    const stamp = await stampOf(deps, params.stampId);
    const outputs: EditOutput[] = [];
    const pairs = [
      { from: 'ORIGINAL', to: 'ORIGINAL_LPC', stamped: 'STAMPED_LPC' },
      { from: 'ORIGINAL_CROPPED', to: 'ORIGINAL_CROPPED_LPC', stamped: 'STAMPED_CROPPED_LPC' },
    ] as const;
    for (const pair of pairs) {
      const from = images.find((i) => i.imageType === pair.from);
      if (!from) continue;
      const covered = await applyPlateCover(await source(deps, from.blobKey), params.plates, plateCover);
      const info = await imageInfo(covered);
      if (!info) throw new Error('The covered picture could not be read back');
      outputs.push(await store(deps, edit, pair.to, covered, info));
      if (stamp) outputs.push(await store(deps, edit, pair.stamped, await stampImage(covered, { ...stamp.row, overlay: stamp.overlay }), stamp.row));
    }
    await addToShooting(deps, edit, outputs, params.stampId);
    return { outputs };
  });

/**
 * `editing.crop`: the vehicle segmented, composed on the stamp's background, rendered with the stamp;
 * the files wait on the edit until the portal adds them to the shooting.
 */
export const cropVehicle = (deps: Deps, editId: string, ctx: JobContext): Promise<void> =>
  runEdit(deps, editId, ctx, async (edit) => {
    const params = edit.params as CropParams;
    const original = (await findPositionImages(deps.db, edit.shootingId, edit.originalId)).find((i) => i.imageType === 'ORIGINAL');
    if (!original) throw new UnusableImage('The original picture is missing');
    const image = await source(deps, original.blobKey);
    // The segmenter takes one picture at a time; a crash of its process is thrown on, so the queue retries.
    const mask = await segmentVehicle(image).catch((err: Error) => {
      throw err instanceof UnreadablePicture ? new UnusableImage(`The picture could not be read: ${err.message}`) : err;
    });
    // Composition waits for the previous picture's, while the segmenter already works on the next one.
    return oneCropAtATime(async () => {
      const background = params.backgroundKey ? await deps.blobs.getBuffer(params.backgroundKey) : null;
      const out = await composeCropped({ image, mask, background, blurringValue: params.blurringValue, croppingType: params.croppingType });
      const size = { width: mask.width, height: mask.height };
      const outputs = [
        await store(deps, edit, 'BACKGROUND_CROPPED', out.backgroundCropped, size),
        await store(deps, edit, 'ORIGINAL_CROPPED', out.originalCropped, size),
        await store(deps, edit, 'ORIGINAL_CROPPED_NO_SHADOW', out.originalCroppedNoShadow, size),
      ];
      const stamp = await stampOf(deps, params.stampId);
      if (stamp) outputs.push(await store(deps, edit, 'STAMPED_CROPPED', await stampImage(out.originalCropped, { ...stamp.row, overlay: stamp.overlay }), stamp.row));
      const maskKey = `shootings/${edit.shootingId}/edits/${edit.id}/mask.png`;
      await deps.blobs.put(maskKey, await encodeMaskPng(mask), 'image/png');
      return { outputs, maskKey };
    });
  });

/** Writes an edit's files as the images of its position (replacing older ones of the same types). */
export async function addToShooting(deps: Deps, edit: EditRow, outputs: EditOutput[], stampId: string): Promise<void> {
  for (const o of outputs) {
    await saveDerivedImage(deps, { shootingId: edit.shootingId, position: edit.position, imageType: o.imageType, blobKey: o.blobKey, thumbnailKey: o.thumbnailKey, format: null, stampId, width: o.width, height: o.height, bytes: o.bytes });
  }
}
