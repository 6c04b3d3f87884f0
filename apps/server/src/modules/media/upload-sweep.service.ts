import type { Adapters } from '../../platform/adapters';
import type { ResumableStore } from '../../platform/uploads/resumable-store';
import * as repo from './media.repo';

/**
 * How long after its grant runs out an unfinished upload is removed: longer than a last PATCH that
 * started in time takes to be received and checked, so the sweep never pulls a file from under it.
 */
export const SWEEP_MARGIN_MS = 60 * 60 * 1000;
const BATCH = 100;

/**
 * Removes from the upload store (file store or S3 multipart uploads) every unfinished upload whose
 * grant ran out more than SWEEP_MARGIN_MS ago, and marks it EXPIRED. A removal that fails leaves its
 * upload PENDING, to be tried again; a second run removes nothing more.
 */
export async function sweepExpiredUploads(
  deps: Pick<Adapters, 'db' | 'clock'> & { store: Pick<ResumableStore, 'remove'> },
): Promise<{ swept: number; failed: number }> {
  const before = new Date(deps.clock.now().getTime() - SWEEP_MARGIN_MS).toISOString();
  let swept = 0;
  for (;;) {
    const ids = await repo.expiredPendingUploads(deps.db, before, BATCH);
    const removed: string[] = [];
    for (const id of ids) {
      try {
        await deps.store.remove(id);
        removed.push(id);
      } catch {
        // The store could not be reached: this one waits for the next run.
      }
    }
    await repo.markExpired(deps.db, removed);
    swept += removed.length;
    // A batch with failures stops the run: the failed ones would come first again.
    if (ids.length < BATCH || removed.length < ids.length) return { swept, failed: ids.length - removed.length };
  }
}
