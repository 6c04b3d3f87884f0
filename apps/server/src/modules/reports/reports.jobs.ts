import { defineJob } from '../../platform/queue/queue';
import { queueReportRefresh } from './report-refresh.service';
import { refreshStoredReport, type ReportDeps } from './reports.service';

/**
 * `reports.refresh-shooting` (queued by inspections after a change) queues a `reports.refresh` for each report
 * already generated for the shooting. `reports.refresh` rebuilds one stored report from the current data; a report already up to date is left
 * alone. `reports.retire-rendering` deletes the file of a rendering that a newer one replaced, queued in
 * the transaction that replaced it and due once every link handed out for it has expired; deleting a file
 * already gone is a no-op, so a retry or a second run changes nothing.
 */
export function reportsJobs(deps: ReportDeps) {
  const refresh = defineJob('reports.refresh', ({ shootingId, kind, locale }) =>
    refreshStoredReport(deps, shootingId, kind, locale),
  );
  const refreshShooting = defineJob('reports.refresh-shooting', ({ shootingId }) =>
    queueReportRefresh(deps, shootingId),
  );
  const retireRendering = defineJob('reports.retire-rendering', ({ blobKey }) => deps.blobs.delete(blobKey));
  return { refreshShooting, refresh, retireRendering };
}
