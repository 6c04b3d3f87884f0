import { DEFAULT_FLOOR_LEVEL, NO_VEHICLE_ERROR, type ImageType } from '@forecourt/contracts';
import sharp from 'sharp';
import type { Adapters } from '../../platform/adapters';
import { jobRegistry } from '../../platform/queue/job-registry';
import { stampImage } from '../stamps/stamp-render';
import { saveDerivedImage } from '../images/derived-images.service';
import { setRemarketingStatus } from '../shootings/shooting-scope.service';
import { composeCropped } from '../vision/compose-crop';
import { applyPlateCover } from '../vision/plate-cover';
import { segmentVehicle, UnreadablePicture } from '../vision/segmentation';
import {
  coverCroppedPosition,
  coverCroppedRendering,
  loadStamp,
  plateCoverImage,
  storeEditFile,
} from './covered-crop.service';
import type { CoverParams, CropParams } from './edit-params';
import {
  findEdit,
  findPositionCover,
  findPositionImages,
  finishEdit,
  type EditOutput,
  type EditResult,
  type EditRow,
} from './editing.repo';
import { oneCropAtATime } from './one-crop-at-a-time';
import { shootingCameraHeight } from './shooting-framing.repo';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'queue'>;

/** How many times the queue runs an edit before its last failure is left on the edit for the portal. */
const EDIT_MAX_ATTEMPTS = jobRegistry['editing.crop'].maxAttempts;

/** A picture that cannot be edited (damaged file, no vehicle): retrying will not help. */
class UnusableImage extends Error {}

const store = (deps: Deps, edit: EditRow, type: ImageType, bytes: Buffer, size: { width: number; height: number }) =>
  storeEditFile(deps, edit, type, bytes, size);

async function source(deps: Deps, key: string): Promise<Buffer> {
  const bytes = await deps.blobs.getBuffer(key);
  if (!bytes) throw new UnusableImage('The picture file is missing');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new UnusableImage('The picture file is damaged');
  return bytes;
}

/**
 * Runs an edit once: a finished edit is never redone, and files are keyed by the edit, so a retry
 * overwrites its own files only. A bad picture, or the last failed attempt, leaves it in ERROR for the
 * portal; any other failure is thrown on, so that the queue retries.
 */
async function runEdit(
  deps: Deps,
  editId: string,
  attempt: number,
  work: (edit: EditRow) => Promise<EditResult>,
): Promise<void> {
  const now = () => deps.clock.now().toISOString();
  const edit = await findEdit(deps.db, editId);
  if (!edit || edit.status !== 'PENDING') return;
  await setRemarketingStatus(deps.db, edit.shootingId, 'AI_PROCESSING');
  try {
    const done = await work(edit);
    // The edit's end and its webhook event (images.edited) commit together.
    await deps.db.transaction().execute(async (trx) => {
      await finishEdit(trx, editId, { status: 'DONE', ...done }, now());
      await emitWebhookEvent(deps, trx, {
        type: 'images.edited',
        shootingId: edit.shootingId,
        streamKey: edit.shootingId,
        data: { shootingId: edit.shootingId, editId, edit: edit.kind.toLowerCase(), position: edit.position },
      });
    });
  } catch (err) {
    const final =
      err instanceof UnusableImage || (err as Error).message === NO_VEHICLE_ERROR || attempt >= EDIT_MAX_ATTEMPTS;
    if (!final) throw err;
    await finishEdit(deps.db, editId, { status: 'ERROR', error: (err as Error).message }, now());
  }
}

/**
 * `editing.cover`: the owner's plate cover (or a clean plate with the dealer's name) warped onto each
 * plate of the position's ORIGINAL (and ORIGINAL_CROPPED when there is one, where the cropping moved the
 * plates), written as the _LPC images with their stamped renderings, and added to the shooting at once.
 */
export function runCoverEdit(deps: Deps, editId: string, attempt: number): Promise<void> {
  return runEdit(deps, editId, attempt, async (edit) => {
    const params = edit.params as CoverParams;
    const images = await findPositionImages(deps.db, edit.shootingId, edit.originalId);
    const stamp = await loadStamp(deps, params.stampId);
    const outputs: EditOutput[] = [];
    const original = images.find((i) => i.imageType === 'ORIGINAL');
    if (original) {
      const covered = await applyPlateCover(
        await source(deps, original.blobKey),
        params.plates,
        await plateCoverImage(deps, params),
      );
      const meta = await sharp(covered).metadata();
      outputs.push(await store(deps, edit, 'ORIGINAL_LPC', covered, { width: meta.width, height: meta.height }));
      if (stamp)
        outputs.push(
          await store(
            deps,
            edit,
            'STAMPED_LPC',
            await stampImage(covered, { ...stamp.row, overlay: stamp.overlay }),
            stamp.row,
          ),
        );
    }
    // A cropped position is covered on its cropped rendering too, where the cropping moved the plates.
    outputs.push(...(await coverCroppedPosition(deps, edit, images, stamp)));
    await addToShooting(deps, edit, outputs, params.stampId);
    return { outputs };
  });
}

/**
 * `editing.crop`: the vehicle segmented, composed on the stamp's set, rendered with the stamp, and
 * covered as its position is (the _CROPPED_LPC pair); the files wait on the edit until the portal adds
 * them to the shooting (`addEditedImages`).
 */
export function runCropEdit(deps: Deps, editId: string, attempt: number): Promise<void> {
  return runEdit(deps, editId, attempt, async (edit) => {
    const params = edit.params as CropParams;
    const original = (await findPositionImages(deps.db, edit.shootingId, edit.originalId)).find(
      (i) => i.imageType === 'ORIGINAL',
    );
    if (!original) throw new UnusableImage('The original picture is missing');
    const image = await source(deps, original.blobKey);
    // The segmenter takes one picture at a time; a crash of its process is thrown on, so the queue retries.
    const mask = await segmentVehicle(image).catch((err: Error) => {
      throw err instanceof UnreadablePicture ? new UnusableImage(`The picture could not be read: ${err.message}`) : err;
    });
    // Composition waits for the previous picture's, while the segmenter already works on the next one.
    return oneCropAtATime(async () => {
      const background = params.backgroundKey ? await deps.blobs.getBuffer(params.backgroundKey) : null;
      const stamp = await loadStamp(deps, params.stampId);
      // Composed at the stamp's size, so that stamping resizes nothing; at the photo's without a stamp.
      const canvas = stamp
        ? { width: stamp.row.width, height: stamp.row.height }
        : { width: mask.width, height: mask.height };
      const out = await composeCropped({
        image,
        mask,
        background,
        blurringValue: params.blurringValue,
        croppingType: params.croppingType,
        canvas,
        floorLevel: params.floorLevel ?? DEFAULT_FLOOR_LEVEL,
        // One camera height for the whole shooting, fixed by its first picture: the same shadow on every picture.
        shootingCamera: (reading) =>
          shootingCameraHeight(deps.db, {
            shootingId: edit.shootingId,
            editId: edit.id,
            reading,
            at: deps.clock.now().toISOString(),
          }),
      });
      const outputs = [
        await store(deps, edit, 'BACKGROUND_CROPPED', out.backgroundCropped, canvas),
        await store(deps, edit, 'ORIGINAL_CROPPED', out.originalCropped, canvas),
        await store(deps, edit, 'ORIGINAL_CROPPED_NO_SHADOW', out.originalCroppedNoShadow, canvas),
      ];
      if (stamp)
        outputs.push(
          await store(
            deps,
            edit,
            'STAMPED_CROPPED',
            await stampImage(out.originalCropped, { ...stamp.row, overlay: stamp.overlay }),
            stamp.row,
          ),
        );
      // A covered position's cropping carries the cover: its _CROPPED_LPC renderings come with it.
      const cover = await findPositionCover(deps.db, edit.shootingId, edit.position);
      if (cover)
        outputs.push(
          ...(await coverCroppedRendering(
            deps,
            edit,
            out.originalCropped,
            out.placement,
            cover.params as CoverParams,
            stamp,
          )),
        );
      const maskKey = `shootings/${edit.shootingId}/edits/${edit.id}/mask.png`;
      await deps.blobs.put(
        maskKey,
        await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
          .png()
          .toBuffer(),
        'image/png',
      );
      return { outputs, maskKey, placement: out.placement, coverEditId: cover?.id };
    });
  });
}

/** Writes an edit's files as the images of its position (replacing older ones of the same types). */
export async function addToShooting(deps: Deps, edit: EditRow, outputs: EditOutput[], stampId: string): Promise<void> {
  for (const o of outputs) {
    await saveDerivedImage(deps, {
      shootingId: edit.shootingId,
      position: edit.position,
      imageType: o.imageType,
      blobKey: o.blobKey,
      thumbnailKey: o.thumbnailKey,
      format: null,
      stampId,
      width: o.width,
      height: o.height,
      bytes: o.bytes,
    });
  }
}
