import type { CroppingType, ImageType } from '@forecourt/contracts';
import sharp from 'sharp';
import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob, type JobContext } from '../../platform/queue/queue';
import { makeThumbnail, stampImage } from '../images/image-render';
import { setRemarketingStatus, upsertDerivedImage } from '../images/images.repo';
import { findStamp, type StampRow } from '../stamps/stamps.repo';
import { composeCropped } from '../vision/compose-crop';
import type { Quad } from '../vision/geometry';
import { applyPlateCover, defaultPlateCover } from '../vision/plate-cover';
import { segmentVehicle, UnreadablePicture } from '../vision/segmentation';
import {
  findEdit,
  findOwnerPlateCover,
  findPositionImages,
  finishEdit,
  type EditOutput,
  type EditRow,
} from './editing.repo';
import { oneCropAtATime } from './one-crop-at-a-time';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;

const EditPayload = z.object({ editId: z.string() });
const MAX_ATTEMPTS = 3;

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

/**
 * The editing jobs, one per edit, keyed by its id:
 * - `editing.cover`: the owner's plate cover (or a clean plate with the dealer's name) warped onto each
 *   plate of the position's ORIGINAL (and ORIGINAL_CROPPED when there is one), written as the _LPC
 *   images, with their stamped renderings;
 * - `editing.crop`: the vehicle segmented, composed on the stamp's background, rendered with the stamp;
 *   the files wait on the edit until the portal adds them to the shooting.
 * A finished edit is never redone; files are keyed by the edit, so a retry overwrites its own files only.
 */
export function editingJobs(deps: Deps) {
  const { db, blobs, clock } = deps;
  const now = () => clock.now().toISOString();

  async function store(
    edit: EditRow,
    type: ImageType,
    bytes: Buffer,
    size: { width: number; height: number },
  ): Promise<EditOutput> {
    const key = editKey(edit, type);
    await Promise.all([
      blobs.put(key, bytes, 'image/jpeg'),
      blobs.put(thumbKey(key), await makeThumbnail(bytes), 'image/jpeg'),
    ]);
    return {
      imageType: type,
      blobKey: key,
      thumbnailKey: thumbKey(key),
      width: size.width,
      height: size.height,
      bytes: bytes.length,
    };
  }

  async function stampOf(stampId: string): Promise<{ row: StampRow; overlay: Buffer } | null> {
    const row = await findStamp(db, stampId);
    const overlay = row && (await blobs.getBuffer(row.overlayKey));
    return row && overlay ? { row, overlay } : null;
  }

  async function source(key: string): Promise<Buffer> {
    const bytes = await blobs.getBuffer(key);
    if (!bytes) throw new UnusableImage('The picture file is missing');
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) throw new UnusableImage('The picture file is damaged');
    return bytes;
  }

  /** Runs an edit once; a bad picture, or the last failed attempt, leaves it in ERROR for the portal. */
  async function runEdit(
    editId: string,
    ctx: JobContext,
    work: (edit: EditRow) => Promise<{ outputs: EditOutput[]; maskKey?: string }>,
  ): Promise<void> {
    const edit = await findEdit(db, editId);
    if (!edit || edit.status !== 'PENDING') return;
    await setRemarketingStatus(db, edit.shootingId, 'AI_PROCESSING');
    try {
      const done = await work(edit);
      await finishEdit(db, editId, { status: 'DONE', ...done }, now());
    } catch (err) {
      const final =
        err instanceof UnusableImage || (err as Error).message.startsWith('No vehicle') || ctx.attempt >= MAX_ATTEMPTS;
      if (!final) throw err;
      await finishEdit(db, editId, { status: 'ERROR', error: (err as Error).message }, now());
    }
  }

  const cover = defineJob({
    name: 'editing.cover',
    schema: EditPayload,
    maxAttempts: MAX_ATTEMPTS,
    handler: ({ editId }, ctx) =>
      runEdit(editId, ctx, async (edit) => {
        const params = edit.params as CoverParams;
        const images = await findPositionImages(db, edit.shootingId, edit.originalId);
        const coverKey = await findOwnerPlateCover(db, params.ownerId);
        const plateCover =
          (coverKey && (await blobs.getBuffer(coverKey))) || (await defaultPlateCover(params.ownerName));
        const stamp = await stampOf(params.stampId);
        const outputs: EditOutput[] = [];
        const pairs = [
          { from: 'ORIGINAL', to: 'ORIGINAL_LPC', stamped: 'STAMPED_LPC' },
          { from: 'ORIGINAL_CROPPED', to: 'ORIGINAL_CROPPED_LPC', stamped: 'STAMPED_CROPPED_LPC' },
        ] as const;
        for (const pair of pairs) {
          const from = images.find((i) => i.imageType === pair.from);
          if (!from) continue;
          const covered = await applyPlateCover(await source(from.blobKey), params.plates, plateCover);
          const meta = await sharp(covered).metadata();
          outputs.push(await store(edit, pair.to, covered, { width: meta.width!, height: meta.height! }));
          if (stamp)
            outputs.push(
              await store(
                edit,
                pair.stamped,
                await stampImage(covered, { ...stamp.row, overlay: stamp.overlay }),
                stamp.row,
              ),
            );
        }
        await addToShooting(deps, edit, outputs, params.stampId);
        return { outputs };
      }),
  });

  const crop = defineJob({
    name: 'editing.crop',
    schema: EditPayload,
    maxAttempts: MAX_ATTEMPTS,
    handler: ({ editId }, ctx) =>
      runEdit(editId, ctx, async (edit) => {
        const params = edit.params as CropParams;
        const original = (await findPositionImages(db, edit.shootingId, edit.originalId)).find(
          (i) => i.imageType === 'ORIGINAL',
        );
        if (!original) throw new UnusableImage('The original picture is missing');
        const image = await source(original.blobKey);
        // The segmenter takes one picture at a time; a crash of its process is thrown on, so the queue retries.
        const mask = await segmentVehicle(image).catch((err: Error) => {
          throw err instanceof UnreadablePicture ? new UnusableImage(`The picture could not be read: ${err.message}`) : err;
        });
        // Composition waits for the previous picture's, while the segmenter already works on the next one.
        return oneCropAtATime(async () => {
          const background = params.backgroundKey ? await blobs.getBuffer(params.backgroundKey) : null;
          const out = await composeCropped({
            image,
            mask,
            background,
            blurringValue: params.blurringValue,
            croppingType: params.croppingType,
          });
          const size = { width: mask.width, height: mask.height };
          const outputs = [
            await store(edit, 'BACKGROUND_CROPPED', out.backgroundCropped, size),
            await store(edit, 'ORIGINAL_CROPPED', out.originalCropped, size),
            await store(edit, 'ORIGINAL_CROPPED_NO_SHADOW', out.originalCroppedNoShadow, size),
          ];
          const stamp = await stampOf(params.stampId);
          if (stamp)
            outputs.push(
              await store(
                edit,
                'STAMPED_CROPPED',
                await stampImage(out.originalCropped, { ...stamp.row, overlay: stamp.overlay }),
                stamp.row,
              ),
            );
          const maskKey = `shootings/${edit.shootingId}/edits/${edit.id}/mask.png`;
          await blobs.put(
            maskKey,
            await sharp(mask.alpha, { raw: { width: mask.width, height: mask.height, channels: 1 } })
              .png()
              .toBuffer(),
            'image/png',
          );
          return { outputs, maskKey };
        });
      }),
  });

  return { cover, crop };
}

export type EditingJobs = ReturnType<typeof editingJobs>;

/** Writes an edit's files as the images of its position (replacing older ones of the same types). */
export async function addToShooting(deps: Deps, edit: EditRow, outputs: EditOutput[], stampId: string): Promise<void> {
  for (const o of outputs) {
    const replaced = await upsertDerivedImage(deps.db, {
      id: deps.ids.uuid(),
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
      now: deps.clock.now().toISOString(),
    });
    await Promise.all(replaced.map((k) => deps.blobs.delete(k)));
  }
}
