import type { ImageType, PipelineQueued } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { badRequest, notFound } from '../../platform/errors';
import { requireOption } from '../identity/auth';
import type { UserContext } from '../identity/user-context';
import { stampOfGroup } from '../stamps/stamps.service';
import { requireShooting } from '../shootings/shooting-scope.service';
import { createRun, findImagesByBlobKeys, listShootingImages, type ImageRow } from './images.repo';
import { enqueueRun } from './pipeline-queue';

type Deps = Pick<Adapters, 'db' | 'queue' | 'clock' | 'ids'>;

/** Which image each stamped type is rendered from. */
export const STAMP_SOURCES: Partial<Record<ImageType, ImageType>> = {
  STAMPED: 'ORIGINAL',
  STAMPED_LPC: 'ORIGINAL_LPC',
  STAMPED_CROPPED: 'ORIGINAL_CROPPED',
  STAMPED_CROPPED_LPC: 'ORIGINAL_CROPPED_LPC',
};
const TARGET_OF = Object.fromEntries(
  Object.entries(STAMP_SOURCES).map(([target, source]) => [source, target]),
) as Partial<Record<string, ImageType>>;

/** Creates a run over the given sources and queues its jobs. */
async function startRun(
  deps: Deps,
  shootingId: string,
  stampId: string,
  kind: 'STAMP' | 'RESTAMP',
  sources: ImageRow[],
): Promise<string> {
  const run = {
    id: deps.ids.uuid(),
    stampId,
    kind,
    items: sources.map((s) => ({ sourceImageId: s.id, targetType: TARGET_OF[s.imageType]! })),
  };
  await createRun(deps.db, shootingId, run, deps.clock.now().toISOString(), (trx) =>
    enqueueRun(
      deps.queue,
      run.id,
      sources.map((s) => s.id),
      trx,
    ),
  );
  return run.id;
}

/**
 * Every image the restamp re-renders: each ORIGINAL (to STAMPED), and the source of every other stamped
 * variant present (ORIGINAL_LPC to STAMPED_LPC, ...).
 */
function restampSources(images: ImageRow[]): ImageRow[] {
  const present = new Set(images.map((i) => `${i.position}:${i.imageType}`));
  return images.filter((i) => {
    const target = TARGET_OF[i.imageType];
    return target && (i.imageType === 'ORIGINAL' || present.has(`${i.position}:${target}`));
  });
}

/**
 * Restamp (spec sections 2 and 4): queues a re-render of the shooting's stamped images with another stamp
 * of the user's group and of the first image's format. The shooting shows the new stamp once it is done.
 */
export async function restampShooting(
  deps: Deps,
  user: UserContext,
  params: { ownerId: string; productId: string; shootingId: string },
  stampId: string,
): Promise<PipelineQueued> {
  requireOption(user, 'useRestamp');
  const shooting = await requireShooting(deps.db, user, params);
  const stamp = await stampOfGroup(deps, user, stampId);
  const images = await listShootingImages(deps.db, shooting.id);
  const first = images.find((i) => i.imageType === 'ORIGINAL') ?? images[0];
  if (!first) throw badRequest('This shooting has no images to restamp');
  if (first.format && first.format !== stamp.format)
    throw badRequest(`The stamp must have the images' format ${first.format}`);
  return { runIds: [await startRun(deps, shooting.id, stamp.id, 'RESTAMP', restampSources(images))] };
}

/** The blob key a URL given out by this API points at: a presigned /blobs/ link or the key itself. */
function keyOfUrl(url: string): string {
  const path = url.startsWith('http') ? new URL(url).pathname : url.split('?')[0]!;
  const key = path.startsWith('/blobs/') ? path.slice('/blobs/'.length) : path.replace(/^\/+/, '');
  return key.split('/').map(decodeURIComponent).join('/');
}

/**
 * `POST /api/processes/stamp`: stamps the named images with a stamp of the user's group. The images are
 * named by the URLs this API gave for them; one run per shooting they belong to.
 */
export async function stampImagesProcess(
  deps: Deps,
  user: UserContext,
  body: { stampId: string; images: { name: string; url: string }[] },
): Promise<PipelineQueued> {
  const stamp = await stampOfGroup(deps, user, body.stampId);
  const keys = body.images.map((i) => keyOfUrl(i.url));
  const found = await findImagesByBlobKeys(deps.db, keys, user.ownerIds);
  const missing = body.images.filter((_, n) => !found.some((f) => f.blobKey === keys[n]));
  if (missing.length) throw notFound(`Image ${missing.map((m) => m.name).join(', ')}`);
  const sources = found.filter((f) => TARGET_OF[f.imageType]);
  if (sources.length !== found.length) throw badRequest('Only original images can be stamped');
  const byShooting = new Map<string, ImageRow[]>();
  for (const s of sources) byShooting.set(s.shootingId, [...(byShooting.get(s.shootingId) ?? []), s]);
  const runIds: string[] = [];
  for (const [shootingId, images] of byShooting)
    runIds.push(await startRun(deps, shootingId, stamp.id, 'STAMP', images));
  return { runIds };
}
