import type { ImageType } from '@forecourt/contracts';
import sharp from 'sharp';
import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { findStamp } from '../stamps/stamps.repo';
import { makeThumbnail, stampImage, THUMBNAIL_WIDTH } from './image-render';
import {
  countPendingRunItems,
  findImage,
  findRun,
  findRunItem,
  finishRun,
  isSuperseded,
  listRunItems,
  listShootingImages,
  markRunItemDone,
  saveVerification,
  setRemarketingStatus,
  setShootingStamp,
  setSourcesStamp,
  upsertDerivedImage,
} from './images.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'queue' | 'clock' | 'ids'>;

const RunPayload = z.object({ runId: z.string() });
const StampPayload = z.object({ runId: z.string(), sourceImageId: z.string() });

/** Blob keys of derived images carry the run, so a restamp never overwrites what is shown until it is done. */
export const derivedKey = (shootingId: string, position: number, type: ImageType, runId: string) => `shootings/${shootingId}/${position}-${type}-${runId}.jpg`;
const thumbKey = (key: string) => key.replace(/\.jpg$/, '-thumb.jpg');

/** Overlays are read once per process and stamp, not once per image. */
const overlays = new Map<string, Promise<Buffer>>();
function overlayOf(blobs: Adapters['blobs'], key: string): Promise<Buffer> {
  let overlay = overlays.get(key);
  if (!overlay) {
    if (overlays.size > 32) overlays.clear();
    overlay = blobs.getBuffer(key).then((b) => {
      if (!b) throw new Error(`Stamp overlay ${key} is missing`);
      return b;
    });
    overlays.set(key, overlay);
    overlay.catch(() => overlays.delete(key));
  }
  return overlay;
}

/**
 * The image pipeline after registration, one run per stamping or restamping of a shooting:
 * - `images.stamp` (AI_PROCESSING), one job per source image: the STAMPED rendering (or STAMPED_LPC,
 *   STAMPED_CROPPED... for those sources) at the stamp's size with its overlay, and its thumbnail;
 * - `images.verify` (QUALITY_CONTROL), once all are rendered: each rendering decodes at the stamp's size,
 *   recorded as the image's STAMP verification;
 * - `images.publish` (PUBLISHING, then FINISHED): the run's stamp becomes the shooting's stamp (and
 *   that of the source images).
 * Every job is keyed by its run and image, and each step checks what is already done, so a retry, a
 * crash or a second run of the same job neither duplicates nor loses an image. When runs overlap (a
 * restamp sent while the first stamping still runs) the newest run wins: older ones skip what it covers.
 */
export function imageJobs(deps: Deps) {
  const { db, blobs, queue, clock, ids } = deps;
  const now = () => clock.now().toISOString();

  const publish = defineJob({
    name: 'images.publish',
    schema: RunPayload,
    handler: async ({ runId }) => {
      const run = await findRun(db, runId);
      if (!run || run.finishedAt) return;
      // A newer run (a restamp sent meanwhile) decides the shooting's stamp and status when it finishes.
      const current = !(await isSuperseded(db, run));
      if (current) await setRemarketingStatus(db, run.shootingId, 'PUBLISHING');
      const stamp = await findStamp(db, run.stampId);
      if (stamp && current) {
        await setShootingStamp(db, run.shootingId, stamp.id, stamp.format);
        await setSourcesStamp(db, runId, stamp.id);
      }
      await finishRun(db, runId, now());
      if (current) await setRemarketingStatus(db, run.shootingId, 'FINISHED');
    },
  });

  const verify = defineJob({
    name: 'images.verify',
    schema: RunPayload,
    handler: async ({ runId }) => {
      const run = await findRun(db, runId);
      if (!run || run.finishedAt) return;
      if (!(await isSuperseded(db, run))) await setRemarketingStatus(db, run.shootingId, 'QUALITY_CONTROL');
      const stamp = await findStamp(db, run.stampId);
      const items = await listRunItems(db, runId);
      const images = await listShootingImages(db, run.shootingId);
      for (const item of items) {
        const source = images.find((i) => i.id === item.sourceImageId);
        const rendered = source && images.find((i) => i.position === source.position && i.imageType === item.targetType);
        if (!rendered) continue;
        const bytes = await blobs.getBuffer(rendered.blobKey);
        const meta = bytes ? await sharp(bytes).metadata().catch(() => null) : null;
        const ok = Boolean(meta && stamp && meta.format === 'jpeg' && meta.width === stamp.width && meta.height === stamp.height);
        await saveVerification(db, rendered.id, 'STAMP', ok ? 'OK' : 'ERROR', now());
      }
      await queue.enqueue(publish, { runId }, { key: `images.publish:${runId}` });
    },
  });

  const stamp = defineJob({
    name: 'images.stamp',
    schema: StampPayload,
    handler: async ({ runId, sourceImageId }) => {
      const run = await findRun(db, runId);
      const item = run && (await findRunItem(db, runId, sourceImageId));
      if (!run || !item) return;
      if (!item.doneAt && (await isSuperseded(db, run, sourceImageId))) {
        // A newer run renders this image: writing this one now would undo it.
        await markRunItemDone(db, runId, sourceImageId, now());
      } else if (!item.doneAt) {
        await setRemarketingStatus(db, run.shootingId, 'AI_PROCESSING');
        const [source, stampRow] = await Promise.all([findImage(db, sourceImageId), findStamp(db, run.stampId)]);
        const original = source && (await blobs.getBuffer(source.blobKey));
        if (!source || !stampRow || !original) throw new Error(`Image ${sourceImageId} or stamp ${run.stampId} is missing`);
        const overlay = await overlayOf(blobs, stampRow.overlayKey);
        const stamped = await stampImage(original, { width: stampRow.width, height: stampRow.height, overlay });
        // The source's own thumbnail stamped at thumbnail size looks the same and costs far less than
        // decoding the rendering again; sources without one (edited images) fall back to the rendering.
        const sourceThumbnail = source.thumbnailKey ? await blobs.getBuffer(source.thumbnailKey) : null;
        const thumbnailSize = { width: THUMBNAIL_WIDTH, height: Math.round((THUMBNAIL_WIDTH * stampRow.height) / stampRow.width) };
        const thumbnail = sourceThumbnail ? await stampImage(sourceThumbnail, { ...thumbnailSize, overlay }) : await makeThumbnail(stamped);
        const key = derivedKey(source.shootingId, source.position, item.targetType, runId);
        await Promise.all([blobs.put(key, stamped, 'image/jpeg'), blobs.put(thumbKey(key), thumbnail, 'image/jpeg')]);
        const replaced = await upsertDerivedImage(db, {
          id: ids.uuid(),
          shootingId: source.shootingId,
          position: source.position,
          imageType: item.targetType,
          blobKey: key,
          thumbnailKey: thumbKey(key),
          format: stampRow.format,
          stampId: stampRow.id,
          width: stampRow.width,
          height: stampRow.height,
          bytes: stamped.length,
          now: now(),
        });
        await markRunItemDone(db, runId, sourceImageId, now());
        await Promise.all(replaced.map((k) => blobs.delete(k)));
      }
      // Whichever job sees the run complete queues the next step; the key makes it one job.
      if ((await countPendingRunItems(db, runId)) === 0) await queue.enqueue(verify, { runId }, { key: `images.verify:${runId}` });
    },
  });

  return { stamp, verify, publish };
}

export type ImageJobs = ReturnType<typeof imageJobs>;

/** Queues the stamp job of every item of a run. */
export async function enqueueRun(
  queue: Adapters['queue'],
  jobs: ImageJobs,
  runId: string,
  sourceImageIds: string[],
  within?: Adapters['db'],
): Promise<void> {
  for (const sourceImageId of sourceImageIds) {
    await queue.enqueue(jobs.stamp, { runId, sourceImageId }, { key: `images.stamp:${runId}:${sourceImageId}`, within });
  }
}
