import type { Executor } from '../../platform/db/database';
import type { Adapters } from '../../platform/adapters';
import { requireOption } from '../identity/auth';
import type { UserContext } from '../identity/user-context';
import * as repo from './shootings.repo';
import { requireShooting } from './shooting-scope.service';

type Deps = Pick<Adapters, 'db' | 'dialect' | 'clock' | 'ids' | 'queue' | 'blobs'>;

const dayOf = (iso: string) => {
  const from = `${iso.slice(0, 10)}T00:00:00.000Z`;
  return { from, until: new Date(Date.parse(from) + 86_400_000).toISOString() };
};

/**
 * Removes rows and queues the purge of their files in one transaction: either both happen or neither,
 * so a crash never leaves files without rows to find them by.
 */
async function removeWithBlobs(
  deps: Deps,
  jobKey: string,
  remove: (trx: Executor) => Promise<{ keys: string[]; prefixes: string[] }>,
) {
  await deps.db.transaction().execute(async (trx) => {
    const payload = await remove(trx);
    await deps.queue.enqueue('shootings.purge-blobs', payload, { key: jobKey, within: trx });
  });
  // The enqueue woke the worker before the commit; once committed, the job is there to be claimed now.
  deps.queue.wakeups.emit('job');
}

type ShootingRow = Awaited<ReturnType<typeof requireShooting>>;

async function deleteShootings(deps: Deps, s: ShootingRow, sameDay: boolean): Promise<void> {
  const day = dayOf(s.createdAt);
  const ids = sameDay
    ? (await repo.productShootingsBetween(deps.db, s.productId, day.from, day.until)).map((r) => r.id)
    : [s.id];
  if (!ids.includes(s.id)) ids.push(s.id);
  await removeWithBlobs(deps, `shootings.delete:${s.id}:${deps.ids.uuid()}`, async (trx) => {
    const keys = await repo.blobKeysOfShootings(trx, ids);
    await repo.deleteShootingRows(trx, ids);
    return { keys, prefixes: ids.map((id) => `shootings/${id}/`) };
  });
}

async function deleteVideo(deps: Deps, s: ShootingRow): Promise<void> {
  await removeWithBlobs(deps, `shootings.delete-video:${s.id}:${deps.ids.uuid()}`, async (trx) => {
    const keys = (await repo.videosOf(trx, s.id)).map((v) => v.blob_key).filter((k): k is string => Boolean(k));
    await repo.deleteVideoRows(trx, s.id);
    return { keys, prefixes: [`shootings/${s.id}/videos/`] };
  });
}

/**
 * `DELETE .../shootings/{id}` (spec section 7): with deleteSameDayRelatedShootings=true the shooting and
 * the product's other shootings of the same UTC day; without it, on a VIDEO shooting only its video,
 * otherwise that one shooting. Needs the useDeleteShooting option.
 */
export async function deleteShootingOrVideo(
  deps: Deps,
  user: UserContext,
  key: { ownerId: string; productId: string; shootingId: string },
  sameDay: boolean | undefined,
): Promise<void> {
  requireOption(user, 'useDeleteShooting');
  const s = await requireShooting(deps.db, user, key);
  if (sameDay === undefined && s.shootingType === 'VIDEO') return deleteVideo(deps, s);
  return deleteShootings(deps, s, sameDay === true);
}
