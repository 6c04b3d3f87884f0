import { ReportKind, ReportLocale, type ReportKind as Kind, type ReportLocale as Locale } from '@forecourt/contracts';
import { z } from 'zod';
import type { Queue } from '../../platform/queue/queue';
import { defineJob } from '../../platform/queue/queue';
import * as repo from './reports.repo';
import { currentDataVersion, refreshReport, type ReportDeps } from './reports.service';

const RefreshPayload = z.object({ shootingId: z.string(), kind: ReportKind, locale: ReportLocale });

/** Rebuilds one stored report from the current data; a report already up to date is left alone. */
export const refreshReportJob = (deps: ReportDeps) =>
  defineJob({
    name: 'reports.refresh',
    schema: RefreshPayload,
    handler: async ({ shootingId, kind, locale }) => {
      const shooting = await repo.findShootingById(deps.db, shootingId);
      if (shooting) await refreshReport(deps, shooting, kind, locale);
    },
  });

/**
 * After a change to a shooting's inspection data, queues a rebuild of each report already generated for
 * it. The key holds the data version, so the same data never queues the same rebuild twice.
 */
export async function queueReportRefresh(deps: ReportDeps & { queue: Queue }, shootingId: string): Promise<void> {
  const shooting = await repo.findShootingById(deps.db, shootingId);
  if (!shooting) return;
  const job = refreshReportJob(deps);
  for (const { kind, locale } of await repo.listReportKeys(deps.db, shootingId)) {
    const version = await currentDataVersion(deps, shooting, kind as Kind, locale as Locale);
    await deps.queue.enqueue(job, { shootingId, kind: kind as Kind, locale: locale as Locale }, { key: `report:${shootingId}:${kind}:${locale}:${version}` });
  }
}
