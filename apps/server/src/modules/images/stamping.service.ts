import type { ImageType } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { pixelGate } from '../../platform/pixels/pixel-gate';
import { queueSharedFrames } from '../players/players.service';
import { setRemarketingStatus, setShootingStamp } from '../shootings/shooting-scope.service';
import { stampForJob } from '../stamps/stamps.service';
import { stampImage } from '../stamps/stamp-render';
import { imageInfo, makeThumbnail, THUMBNAIL_WIDTH } from './image-render';
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
  setSourcesStamp,
  upsertDerivedImage,
} from './images.repo';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;
/** The publish also queues the players' frame job (players.service `queueSharedFrames`) and angle recognition. */
type PublishDeps = Deps & Pick<Adapters, 'queue'>;

/** Blob keys of derived images carry the run, so a restamp never overwrites what is shown until it is done. */
const derivedKey = (shootingId: string, position: number, type: ImageType, runId: string) =>
  `shootings/${shootingId}/${position}-${type}-${runId}.jpg`;
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
 * `images.stamp` (AI_PROCESSING): the STAMPED rendering (or STAMPED_LPC, STAMPED_CROPPED... for those
 * sources) of one source image at the stamp's size with its overlay, and its thumbnail. An item already
 * done, or covered by a newer run, is not rendered again. Says whether the run has no item left, so that
 * its verification is queued.
 */
export async function stampRunItem(
  deps: Deps,
  runId: string,
  sourceImageId: string,
): Promise<{ runComplete: boolean }> {
  const { db, blobs } = deps;
  const now = () => deps.clock.now().toISOString();
  const run = await findRun(db, runId);
  const item = run && (await findRunItem(db, runId, sourceImageId));
  if (!run || !item) return { runComplete: false };
  if (!item.doneAt && (await isSuperseded(db, run, sourceImageId))) {
    // A newer run renders this image: writing this one now would undo it.
    await markRunItemDone(db, runId, sourceImageId, now());
  } else if (!item.doneAt) {
    await setRemarketingStatus(db, run.shootingId, 'AI_PROCESSING');
    const [source, stamp] = await Promise.all([findImage(db, sourceImageId), stampForJob(deps, run.stampId)]);
    const original = source && (await blobs.getBuffer(source.blobKey));
    if (!source || !stamp || !original) throw new Error(`Image ${sourceImageId} or stamp ${run.stampId} is missing`);
    const overlay = await overlayOf(blobs, stamp.overlayKey);
    // The source's own thumbnail stamped at thumbnail size looks the same and costs far less than
    // decoding the rendering again; sources without one (edited images) fall back to the rendering.
    const sourceThumbnail = source.thumbnailKey ? await blobs.getBuffer(source.thumbnailKey) : null;
    const thumbnailSize = {
      width: THUMBNAIL_WIDTH,
      height: Math.round((THUMBNAIL_WIDTH * stamp.height) / stamp.width),
    };
    // Nobody waits for this rendering yet: it yields to the pixel work of requests (pixel-gate.ts).
    const { stamped, thumbnail } = await pixelGate.run('background', async () => {
      const stamped = await stampImage(original, { width: stamp.width, height: stamp.height, overlay });
      const thumbnail = sourceThumbnail
        ? await stampImage(sourceThumbnail, { ...thumbnailSize, overlay })
        : await makeThumbnail(stamped);
      return { stamped, thumbnail };
    });
    const key = derivedKey(source.shootingId, source.position, item.targetType, runId);
    await Promise.all([blobs.put(key, stamped, 'image/jpeg'), blobs.put(thumbKey(key), thumbnail, 'image/jpeg')]);
    const replaced = await upsertDerivedImage(db, {
      id: deps.ids.uuid(),
      shootingId: source.shootingId,
      position: source.position,
      imageType: item.targetType,
      blobKey: key,
      thumbnailKey: thumbKey(key),
      format: stamp.format,
      stampId: stamp.id,
      width: stamp.width,
      height: stamp.height,
      bytes: stamped.length,
      now: now(),
    });
    await markRunItemDone(db, runId, sourceImageId, now());
    await Promise.all(replaced.map((k) => blobs.delete(k)));
  }
  return { runComplete: (await countPendingRunItems(db, runId)) === 0 };
}

// An encoded image says its format and size in its first bytes (a JPEG's frame header comes before its
// scan): reading them, not the whole rendering, is what the verification needs.
const HEADER_BYTES = 64 * 1024;

/** Format and size of a stored image, read from its first bytes; the whole blob only when they do not tell. */
async function storedImageInfo(blobs: Adapters['blobs'], key: string): Promise<Awaited<ReturnType<typeof imageInfo>>> {
  const head = await blobs.getRange(key, 0, HEADER_BYTES - 1);
  if (!head) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of head.body) chunks.push(chunk as Buffer);
  const prefix = Buffer.concat(chunks);
  const info = await imageInfo(prefix);
  if (info || prefix.length < HEADER_BYTES) return info;
  const whole = await blobs.getBuffer(key);
  return whole ? imageInfo(whole) : null;
}

/**
 * `images.verify` (QUALITY_CONTROL), once all of a run is rendered: each stored rendering is a JPEG of the
 * stamp's size, recorded as the image's STAMP verification. Says whether the run is still to be published.
 */
export async function verifyRun(deps: Deps, runId: string): Promise<{ toPublish: boolean }> {
  const { db, blobs } = deps;
  const run = await findRun(db, runId);
  if (!run || run.finishedAt) return { toPublish: false };
  if (!(await isSuperseded(db, run))) await setRemarketingStatus(db, run.shootingId, 'QUALITY_CONTROL');
  const stamp = await stampForJob(deps, run.stampId);
  const items = await listRunItems(db, runId);
  const images = await listShootingImages(db, run.shootingId);
  for (const item of items) {
    const source = images.find((i) => i.id === item.sourceImageId);
    const rendered = source && images.find((i) => i.position === source.position && i.imageType === item.targetType);
    if (!rendered) continue;
    const info = await storedImageInfo(blobs, rendered.blobKey);
    const ok = Boolean(
      info && stamp && info.format === 'jpeg' && info.width === stamp.width && info.height === stamp.height,
    );
    await saveVerification(db, rendered.id, 'STAMP', ok ? 'OK' : 'ERROR', deps.clock.now().toISOString());
  }
  return { toPublish: true };
}

/**
 * `images.publish` (PUBLISHING, then FINISHED): the run's stamp becomes the shooting's stamp (and that of
 * the source images). A newer run (a restamp sent meanwhile) decides the shooting's stamp and status
 * when it finishes. The publish and the frame jobs of the player links already shared are one
 * transaction: a crash leaves the run unfinished (its retry publishes and queues them), never finished
 * without them; their keys make a second publish queue nothing.
 */
export async function publishRun(deps: PublishDeps, runId: string): Promise<void> {
  const { db } = deps;
  const run = await findRun(db, runId);
  if (!run || run.finishedAt) return;
  const current = !(await isSuperseded(db, run));
  if (current) await setRemarketingStatus(db, run.shootingId, 'PUBLISHING');
  const stamp = await stampForJob(deps, run.stampId);
  await db.transaction().execute(async (trx) => {
    if (stamp && current) {
      await setShootingStamp(trx, run.shootingId, stamp.id, stamp.format);
      await setSourcesStamp(trx, runId, stamp.id);
    }
    await finishRun(trx, runId, deps.clock.now().toISOString());
    if (current) {
      await setRemarketingStatus(trx, run.shootingId, 'FINISHED');
      await queueSharedFrames({ db: trx, queue: deps.queue }, run.shootingId);
      // The pictures' angles, where a marketplace's order needs them (by the job's name: decision 0050).
      await deps.queue.enqueue(
        'marketplaces.recognise-angles',
        { shootingId: run.shootingId },
        { key: `marketplaces.recognise-angles:run:${runId}`, within: trx },
      );
      // Every picture of the run is stamped: the group's systems hear of it with the change.
      await emitWebhookEvent(deps, trx, {
        type: 'shooting.finished',
        shootingId: run.shootingId,
        streamKey: run.shootingId,
        data: { shootingId: run.shootingId, run: run.kind },
      });
    }
  });
}
