import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import type { JobDefinition } from '../../platform/queue/queue';
import type { Auth } from '../identity/auth';
import { inspectionRoutes } from '../inspections/inspections.routes';
import { queueReportRefresh, refreshReportJob } from './reports.jobs';
import { reportRoutes } from './reports.routes';

/**
 * Inspections and their reports, wired together: every change to inspection data queues the rebuild of
 * the reports already generated for that shooting.
 */
export async function inspectionAndReportRoutes(app: App, adapters: Adapters, auth: Auth): Promise<void> {
  const deps = { db: adapters.db, blobs: adapters.blobs, clock: adapters.clock, ids: adapters.ids, config: adapters.config };
  await inspectionRoutes(app, { ...deps, auth, onChange: (shootingId) => queueReportRefresh({ ...deps, queue: adapters.queue }, shootingId) });
  await reportRoutes(app, { ...deps, auth });
}

export const reportJobs = (adapters: Adapters): JobDefinition[] => [
  refreshReportJob({ db: adapters.db, blobs: adapters.blobs, clock: adapters.clock, ids: adapters.ids, config: adapters.config }) as JobDefinition,
];
