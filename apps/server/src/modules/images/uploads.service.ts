import { buffer } from 'node:stream/consumers';
import {
  UPLOAD_CONTENT_TYPES,
  type CreatedId,
  type ImageRefusal,
  type PresignImagesBody,
  type PresignImagesResponse,
  type RegisterShootingBody,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { pixelGate } from '../../platform/pixels/pixel-gate';
import type { UserContext } from '../identity/user-context';
import { insertShooting, requireProduct } from '../shootings/shooting-scope.service';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';
import { stampOfGroup } from '../stamps/stamps.service';
import { inspectImage } from './image-inspect';
import { prepareOriginal, type StoredFormat } from './image-render';
import { enqueueRun } from './pipeline-queue';
import { findGrants, findShootingRegisteredAt, insertOriginals, saveGrants, type NewImage } from './images.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'queue' | 'clock' | 'ids' | 'config'>;

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const STORED_EXTENSION: Record<StoredFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const STORED_TYPE: Record<StoredFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Step 2 of sending a shooting: one presigned PUT per picture, under a key made of the product and the
 * picture's fresh id. The grant (user, product, expiry) is recorded so that registration accepts only keys
 * issued to the caller for this product. Asking again for the same id renews its URL (a retry).
 */
export async function issueUploadUrls(
  deps: Deps,
  user: UserContext,
  productId: string,
  body: PresignImagesBody,
): Promise<PresignImagesResponse> {
  const product = await requireProduct(deps.db, user, { productId });
  const refused = body.images.filter(
    (i) => !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(i.contentType.toLowerCase()),
  );
  if (refused.length) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images can be uploaded', {
      images: refused.map((i) => ({ id: i.id, contentType: i.contentType })),
    });
  }
  const keys = body.images.map(
    (i) => `uploads/${product.id}/${i.id.toLowerCase()}.${EXTENSION[i.contentType.toLowerCase()]}`,
  );
  const grants = await findGrants(deps.db, keys);
  if (keys.some((k) => grants.get(k) && (grants.get(k)!.userId !== user.id || grants.get(k)!.usedAt))) {
    throw new AppError('CONFLICT', 'A picture id was already used: ask with fresh ids');
  }
  const ttl = deps.config.PRESIGN_PUT_TTL_SECONDS;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ttl * 1000).toISOString();
  // The grants in one write (one commit), before any link is handed out.
  await saveGrants(
    deps.db,
    body.images.map((image, n) => ({
      blobKey: keys[n]!,
      userId: user.id,
      productId: product.id,
      contentType: image.contentType.toLowerCase(),
      expiresAt,
      now: now.toISOString(),
    })),
  );
  const images = await Promise.all(
    body.images.map(async (image, n) => {
      const contentType = image.contentType.toLowerCase();
      const blobKey = keys[n]!;
      const presignedUrl = await deps.blobs.presignPut(blobKey, {
        contentType,
        maxBytes: deps.config.MAX_IMAGE_BYTES,
        expiresInSeconds: ttl,
      });
      return { id: image.id, presignedUrl, url: blobKey, expiresAt };
    }),
  );
  return { images };
}

/** Runs fn over items with at most `limit` at once, in order of the items. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const n = next++;
      results[n] = await fn(items[n]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

// Uploads read from the blob store at once: the reads wait on the store (on S3, a round trip each), not
// on the CPU, so three pictures are read together rather than two and then one.
const READS_AT_ONCE = 8;

type Checked =
  | { ok: true; stored: Buffer; thumbnail: Buffer; format: StoredFormat; width: number; height: number }
  | { ok: false; refusal: ImageRefusal };

/**
 * The same registration sent again, after its answer was lost (a process killed, a connection cut, the
 * portal's retry): every upload of the body was spent together, by this user for this product, on one
 * shooting that has exactly these pictures. That shooting is the answer, so a retry never makes a second
 * one nor tells the user it failed. Any other use of a spent upload is still refused below.
 */
async function earlierRegistration(
  deps: Deps,
  user: UserContext,
  productId: string,
  body: RegisterShootingBody,
  grants: Awaited<ReturnType<typeof findGrants>>,
): Promise<string | null> {
  const used = body.images.map((i) => grants.get(i.url));
  const at = used[0]?.usedAt;
  if (!at || used.some((g) => !g || g.usedAt !== at || g.userId !== user.id || g.productId !== productId)) return null;
  return findShootingRegisteredAt(deps.db, { productId, userId: user.id, at, count: body.images.length });
}

/**
 * Step 4 of sending a shooting: the uploaded blobs become the shooting's ORIGINAL images. Nothing the
 * browser said is trusted: each key must have been issued to this user for this product and be unused,
 * each blob must be a JPEG, PNG or WebP by its bytes, within the byte and pixel limits (read from the
 * header, before any decoding), and decode whole. Any refusal answers every refused image and creates
 * nothing. Only what was decoded is stored (upright, without metadata, nothing after the image's end);
 * then the stamp pipeline is queued.
 */
export async function registerShooting(
  deps: Deps,
  user: UserContext,
  params: { ownerId: string; productId: string },
  body: RegisterShootingBody,
): Promise<CreatedId> {
  if (body.userId !== user.id) throw forbidden('Images can only be registered for yourself');
  const product = await requireProduct(deps.db, user, params);
  const stampIds = [...new Set(body.images.map((i) => i.stampId))];
  if (stampIds.length !== 1 || !stampIds[0]) throw badRequest('Every image needs the same stampId');
  const stamp = await stampOfGroup(deps, user, stampIds[0]);
  if (body.images.some((i) => i.format !== stamp.format))
    throw badRequest(`The images' format must be the stamp's format ${stamp.format}`);

  const now = deps.clock.now();
  const grants = await findGrants(
    deps.db,
    body.images.map((i) => i.url),
  );
  const earlier = await earlierRegistration(deps, user, product.id, body, grants);
  if (earlier) return { id: earlier };
  const limits = { maxBytes: deps.config.MAX_IMAGE_BYTES, maxPixels: deps.config.MAX_IMAGE_PIXELS };
  const entries = [...body.images].sort((a, b) => a.order - b.order);
  const checked = await mapLimited(entries, READS_AT_ONCE, async (entry): Promise<Checked> => {
    const refuse = (code: ImageRefusal['code'], message: string): Checked => ({
      ok: false,
      refusal: { url: entry.url, order: entry.order, code, message },
    });
    const grant = grants.get(entry.url);
    if (!grant || grant.userId !== user.id || grant.productId !== product.id)
      return refuse('KEY_NOT_ISSUED', 'This upload was not issued to you for this vehicle');
    if (grant.usedAt) return refuse('KEY_ALREADY_USED', 'This upload is already registered');
    if (new Date(grant.expiresAt) < now)
      return refuse('KEY_EXPIRED', 'This upload link has expired: upload the image again');
    // One read of the upload (its size comes with it; on S3 a HEAD then a GET were two round trips), the
    // bytes taken only when the size is within the limit.
    const blob = await deps.blobs.get(entry.url);
    if (!blob) return refuse('NOT_UPLOADED', 'The image was not uploaded');
    if (blob.size > limits.maxBytes) {
      blob.body.destroy();
      return refuse('TOO_LARGE', `The file is larger than ${limits.maxBytes} bytes`);
    }
    const bytes = await buffer(blob.body);
    // Decoding is CPU work for the caller waiting: it goes before the jobs' pixel work, no more at once
    // than there are cores, whatever the reads let through (platform/pixels/pixel-gate.ts).
    return pixelGate.run('request', async (): Promise<Checked> => {
      const inspection = await inspectImage(bytes, limits, grant.contentType);
      if (!inspection.ok) return refuse(inspection.code, inspection.message);
      try {
        const stored = await prepareOriginal(bytes, inspection.format, limits.maxPixels);
        return {
          ok: true,
          stored: stored.data,
          thumbnail: stored.thumbnail,
          format: inspection.format,
          width: stored.width,
          height: stored.height,
        };
      } catch {
        return refuse('CORRUPT_IMAGE', 'The image is truncated or damaged: it cannot be decoded');
      }
    });
  });
  const refusals = checked.flatMap((c) => (c.ok ? [] : [c.refusal]));
  if (refusals.length) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${refusals.length} of ${entries.length} images were refused; nothing was created`,
      { images: refusals },
    );
  }

  const shootingId = deps.ids.uuid();
  const images: NewImage[] = checked.map((c, n) => {
    if (!c.ok) throw new Error('unreachable');
    const blobKey = `shootings/${shootingId}/${entries[n]!.order}-ORIGINAL.${STORED_EXTENSION[c.format]}`;
    return {
      id: deps.ids.uuid(),
      position: entries[n]!.order,
      blobKey,
      thumbnailKey: blobKey.replace(/\.\w+$/, '-thumb.jpg'),
      format: stamp.format,
      stampId: stamp.id,
      width: c.width,
      height: c.height,
      bytes: c.stored.length,
    };
  });
  await Promise.all(
    checked.flatMap((c, n) =>
      c.ok
        ? [
            deps.blobs.put(images[n]!.blobKey, c.stored, STORED_TYPE[c.format]),
            deps.blobs.put(images[n]!.thumbnailKey, c.thumbnail, 'image/jpeg'),
          ]
        : [],
    ),
  );
  const run = {
    id: deps.ids.uuid(),
    stampId: stamp.id,
    kind: 'STAMP' as const,
    items: images.map((i) => ({ sourceImageId: i.id, targetType: 'STAMPED' as const })),
  };
  try {
    // The whole registration in one transaction: a refused or concurrent registration leaves nothing
    // behind, and the run's jobs are queued with the rows.
    await deps.db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      await insertShooting(trx, {
        id: shootingId,
        productId: product.id,
        ownerId: product.owner_id,
        registration: product.registration.toUpperCase(),
        stampId: stamp.id,
        format: stamp.format,
        createdBy: user.id,
        now: at,
      });
      await insertOriginals(
        trx,
        shootingId,
        images,
        entries.map((e) => e.url),
        run,
        at,
      );
      await enqueueRun(
        deps.queue,
        run.id,
        images.map((i) => i.id),
        trx,
      );
      await emitWebhookEvent(deps, trx, {
        type: 'shooting.created',
        ownerId: product.owner_id,
        streamKey: shootingId,
        data: {
          shootingId,
          ownerId: product.owner_id,
          productId: product.id,
          registration: product.registration.toUpperCase(),
          pictures: images.length,
        },
      });
    });
  } catch (err) {
    await deps.blobs.deletePrefix(`shootings/${shootingId}/`);
    throw err;
  }
  // The spent uploads go after the answer, not before it: one blob-store round trip less for the user
  // to wait for. One that is not deleted (a failure, a process killed now) is the blob GC's, which removes
  // spent uploads (modules/blobs/blob-gc.service.ts).
  void deps.blobs.deleteMany(entries.map((e) => e.url)).catch(() => undefined);
  return { id: shootingId };
}
