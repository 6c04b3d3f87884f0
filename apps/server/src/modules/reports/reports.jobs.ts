import { ReportKind, ReportLocale } from '@forecourt/contracts';
import { z } from 'zod';
import { defineJob } from '../../platform/queue/queue';
import { refreshStoredReport, type ReportDeps } from './reports.service';

const RefreshPayload = z.object({ shootingId: z.string(), kind: ReportKind, locale: ReportLocale });

/** Rebuilds one stored report from the current data; a report already up to date is left alone. */
export const refreshReportJob = (deps: ReportDeps) =>
  defineJob({
    name: 'reports.refresh',
    schema: RefreshPayload,
    handler: ({ shootingId, kind, locale }) => refreshStoredReport(deps, shootingId, kind, locale),
  });
