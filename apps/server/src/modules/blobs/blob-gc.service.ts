import type { Adapters } from '../../platform/adapters';
import { abandonAfterMs, abandonedRenderings, isReportRendering } from '../reports/reports.service';
import { existingShootings, grantExpiries } from './blob-gc.repo';

/**
 * How long after an upload link expires, or after a file was written, before an unreferenced file is
 * removed: far longer than any registration or job takes between writing its files and committing its
 * rows, so work in flight never loses a file.
 */
export const GC_MARGIN_MS = 60 * 60 * 1000;

export interface Collected {
  uploads: number;
  shootings: number;
  reports: number;
  temporary: number;
}

/**
 * Removes the files nothing will ever read:
 * - uploads (`uploads/...`) whose grant expired more than the margin ago, or that have no grant: a
 *   refused or abandoned upload, or one registered by a process killed before deleting it;
 * - files under `shootings/<id>/` of a shooting that has no row: a registration killed before its commit;
 * - report renderings of a shooting that no report row shows and no retirement waits for, older than the
 *   longest link to a rendering lives: a rendering stored by a process killed before it moved the row;
 * - the blob driver's temporary files of writes that never finished.
 * Files written within the margin are kept whatever they are. Running it twice removes nothing more.
 */
export async function collectBlobGarbage(
  deps: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'queue' | 'config'>,
): Promise<Collected> {
  const { db, blobs } = deps;
  const now = deps.clock.now().getTime();
  const cutoff = new Date(now - GC_MARGIN_MS);
  const renderingCutoff = new Date(now - abandonAfterMs(deps.config, GC_MARGIN_MS));
  const old = new Map<string, Date>();
  const settled = async (prefix: string) => {
    const keys: string[] = [];
    for await (const blob of blobs.list(prefix)) {
      if (blob.modifiedAt >= cutoff) continue;
      keys.push(blob.key);
      old.set(blob.key, blob.modifiedAt);
    }
    return keys;
  };

  const uploads = await settled('uploads/');
  const expiries = await grantExpiries(db, uploads);
  const spentUploads = uploads.filter((k) => {
    const expiresAt = expiries.get(k);
    return !expiresAt || new Date(expiresAt) < cutoff;
  });

  const shootingFiles = await settled('shootings/');
  const shootingIds = [...new Set(shootingFiles.map((k) => k.split('/')[1]!))];
  const existing = await existingShootings(db, shootingIds);
  const orphans = shootingFiles.filter((k) => !existing.has(k.split('/')[1]!));
  const renderings = shootingFiles.filter(
    (k) => existing.has(k.split('/')[1]!) && isReportRendering(k) && old.get(k)! < renderingCutoff,
  );
  const abandoned = await abandonedRenderings(deps, renderings);

  for (const key of [...spentUploads, ...orphans, ...abandoned]) await blobs.delete(key);
  return {
    uploads: spentUploads.length,
    shootings: orphans.length,
    reports: abandoned.length,
    temporary: await blobs.sweepTemporary(cutoff),
  };
}
