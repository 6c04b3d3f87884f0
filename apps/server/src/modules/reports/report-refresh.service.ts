import type { ReportKind, ReportLocale } from '@forecourt/contracts';
import * as repo from './reports.repo';
import { currentDataVersion, reportShootingForJob, type ReportDeps } from './reports.service';

/**
 * After a change to a shooting's inspection data, queues a rebuild of each report already generated for
 * it. The key holds the data version, so the same data never queues the same rebuild twice.
 */
export async function queueReportRefresh(deps: ReportDeps, shootingId: string): Promise<void> {
  const shooting = await reportShootingForJob(deps, shootingId);
  if (!shooting) return;
  for (const { kind, locale } of await repo.listReportKeys(deps.db, shootingId)) {
    const version = await currentDataVersion(deps, shooting, kind as ReportKind, locale as ReportLocale);
    await deps.queue.enqueue(
      'reports.refresh',
      { shootingId, kind: kind as ReportKind, locale: locale as ReportLocale },
      { key: `report:${shootingId}:${kind}:${locale}:${version}` },
    );
  }
}
