import type { PipelineState } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import { countPendingRunItems, findImage } from './images.repo';
import { deleteImagesAtPosition, listUnfinishedRuns, type UnfinishedRun } from './pipeline-failure.repo';
import { enqueueVerify, publishKey, stampKey, verifyKey } from './pipeline-queue';

type Deps = Pick<Adapters, 'db' | 'queue' | 'blobs'>;
type ShootingParams = { ownerId: string; productId: string; shootingId: string };

const runKeys = (runId: string) => [verifyKey(runId), publishKey(runId)];

/** The dead jobs of the shooting's unfinished runs: whatever made them dead, the pipeline waits on them. */
async function deadSteps(deps: Deps, shootingId: string): Promise<{ runs: UnfinishedRun[]; dead: Set<string> }> {
  const runs = await listUnfinishedRuns(deps.db, shootingId);
  const keys = runs.flatMap((r) => [...r.pending.map((i) => stampKey(r.id, i.imageId)), ...runKeys(r.id)]);
  return { runs, dead: new Set(await deps.queue.deadKeys(keys)) };
}

function failedImages(runs: UnfinishedRun[], dead: Set<string>): PipelineState['images'] {
  const failed = new Map<string, number>();
  for (const r of runs)
    for (const i of r.pending) if (dead.has(stampKey(r.id, i.imageId))) failed.set(i.imageId, i.position);
  return [...failed].map(([imageId, position]) => ({ imageId, position }));
}

async function shootingInScope(deps: Deps, user: UserContext, params: ShootingParams) {
  return requireShooting(deps.db, user, params);
}

/** Whether the shooting's pipeline stopped on a failure, and on which pictures. */
export async function pipelineState(deps: Deps, user: UserContext, params: ShootingParams): Promise<PipelineState> {
  const shooting = await shootingInScope(deps, user, params);
  const { runs, dead } = await deadSteps(deps, shooting.id);
  return { failed: dead.size > 0, images: failedImages(runs, dead) };
}

/** The user's retry: every dead step of the shooting's pipeline runs again, with all its attempts. */
export async function retryPipeline(deps: Deps, user: UserContext, params: ShootingParams): Promise<void> {
  const shooting = await shootingInScope(deps, user, params);
  const { dead } = await deadSteps(deps, shooting.id);
  await deps.queue.revive([...dead]);
}

/**
 * Removes a picture the pipeline failed on (its original and anything derived from it), so that the rest
 * of the shooting is processed: each run left with nothing pending goes on to verification. Only such a
 * picture may be removed here; a run's verification is keyed, so a second removal queues nothing twice.
 */
export async function removeFailedPicture(
  deps: Deps,
  user: UserContext,
  params: ShootingParams & { imageId: string },
): Promise<void> {
  const shooting = await shootingInScope(deps, user, params);
  const image = await findImage(deps.db, params.imageId);
  if (!image || image.shootingId !== shooting.id) throw notFound('Image');
  const { runs, dead } = await deadSteps(deps, shooting.id);
  if (!failedImages(runs, dead).some((i) => i.imageId === image.id)) {
    throw new AppError('CONFLICT', 'Only a picture whose processing failed can be removed here');
  }
  const keys = await deleteImagesAtPosition(deps.db, shooting.id, image.position);
  await Promise.all(keys.map((k) => deps.blobs.delete(k)));
  for (const run of runs) {
    if ((await countPendingRunItems(deps.db, run.id)) === 0) await enqueueVerify(deps.queue, run.id);
  }
}
