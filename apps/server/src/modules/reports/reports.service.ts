import { REPORT_LOCALES, type Report, type ReportKind, type ReportLocale } from '@forecourt/contracts';
import type { Config } from '../../config';
import type { ReportsTable } from '../../db/schema';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import type { Ids } from '../../platform/ids';
import type { Queue } from '../../platform/queue/queue';
import type { UserContext } from '../identity/user-context';
import { loadInspectable, requireTradeIn, type ShootingParams } from '../inspections/inspections.service';
import { findShootingForJob } from '../shootings/shooting-scope.service';
import { loadReportImages } from './report-images';
import { dataVersion, loadReportModel, type ReportShooting } from './report-model';
import { renderReportOffLoop } from './report-renderer';
import * as repo from './reports.repo';
import { emitWebhookEvent } from '../webhooks/webhook-events.service';

/**
 * How long a replaced rendering is kept past the longest-lived link to it: a download started just before
 * its link expired still has time to finish.
 */
export const RETIRE_MARGIN_MS = 5 * 60 * 1000;

export interface ReportDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  ids: Ids;
  queue: Queue;
  config: Pick<Config, 'PRESIGN_GET_TTL_SECONDS'>;
}

const FILE_KIND: Record<ReportKind, string> = { DAMAGES: 'damages', VHC: 'vhc', TRADE_IN: 'trade-in' };

/**
 * Every rendering has a file of its own: a file is never overwritten while a link handed out for it may be
 * reading it (S3 answers 500 to a GET of an object being replaced).
 */
const reportBlobKey = (shootingId: string, kind: ReportKind, locale: ReportLocale, renderingId: string): string =>
  `shootings/${shootingId}/reports/${FILE_KIND[kind]}-${locale}-${renderingId}.pdf`;

/** Refreshes under way in this process: a second request for the same report waits for the first's. */
const refreshing = new Map<string, Promise<ReportsTable | null>>();

/**
 * Brings one stored report up to date with the data it shows: rebuilt only when its data version changed,
 * removed when there is nothing left to report. Safe to run twice or concurrently (in this process the
 * second call shares the first's work; across processes the last write wins, with the same content).
 */
export function refreshReport(
  deps: ReportDeps,
  shooting: ReportShooting,
  kind: ReportKind,
  locale: ReportLocale,
): Promise<ReportsTable | null> {
  const key = `${shooting.id}:${kind}:${locale}`;
  const running = refreshing.get(key);
  if (running) return running;
  const work = refreshNow(deps, shooting, kind, locale).finally(() => refreshing.delete(key));
  refreshing.set(key, work);
  return work;
}

async function refreshNow(
  deps: ReportDeps,
  shooting: ReportShooting,
  kind: ReportKind,
  locale: ReportLocale,
  attempt = 1,
): Promise<ReportsTable | null> {
  const [model, existing] = await Promise.all([
    loadReportModel(deps.db, shooting, kind, locale),
    repo.findReport(deps.db, shooting.id, kind, locale),
  ]);
  if (!model) {
    if (existing) {
      await deps.db.transaction().execute(async (trx) => {
        if (await repo.deleteReport(trx, shooting.id, kind, locale, existing.blob_key))
          await retireLater(deps, trx, existing.blob_key);
      });
    }
    return null;
  }
  const version = dataVersion(model);
  if (existing?.data_version === version) return existing;
  // Laid out in a worker thread (pdfkit is synchronous): the event loop keeps serving meanwhile.
  const pdf = await renderReportOffLoop(model, await loadReportImages(deps, shooting.id, model), deps.clock.now());
  const key = reportBlobKey(shooting.id, kind, locale, deps.ids.uuid());
  await deps.blobs.put(key, pdf, 'application/pdf');
  const row = {
    id: existing?.id ?? deps.ids.uuid(),
    shooting_id: shooting.id,
    kind,
    locale,
    blob_key: key,
    data_version: version,
    now: deps.clock.now().toISOString(),
  };
  const swapped = await deps.db.transaction().execute(async (trx) => {
    const done = await repo.swapReportBlob(trx, row, existing?.blob_key ?? null);
    if (done && existing) await retireLater(deps, trx, existing.blob_key);
    if (done)
      await emitWebhookEvent(deps, trx, {
        type: 'report.ready',
        shootingId: shooting.id,
        streamKey: shooting.id,
        data: { shootingId: shooting.id, reportId: row.id, kind, locale },
      });
    return done;
  });
  if (!swapped) {
    // Another process stored a rendering meanwhile; nobody was ever given a link to this one.
    await deps.blobs.delete(key);
    if (attempt < 3) return refreshNow(deps, shooting, kind, locale, attempt + 1);
  }
  return (await repo.findReport(deps.db, shooting.id, kind, locale)) ?? null;
}

const retireKey = (blobKey: string) => `reports.retire-rendering:${blobKey}`;

/** Whether a blob key is a report's rendering (reportBlobKey). */
export const isReportRendering = (key: string): boolean => /^shootings\/[^/]+\/reports\/[^/]+\.pdf$/.test(key);

/**
 * How old an unshown rendering must be before it is abandoned: longer than the longest link to it lives,
 * with the retirement's margin, and than a rendering takes from its storing to the row's move.
 */
export const abandonAfterMs = (config: Pick<Config, 'PRESIGN_GET_TTL_SECONDS'>, storingMarginMs: number): number =>
  Math.max(storingMarginMs, config.PRESIGN_GET_TTL_SECONDS * 1000 + RETIRE_MARGIN_MS);

/**
 * The renderings, among these files (old enough, see abandonAfterMs), that nothing will read or delete:
 * no report row shows them and no retirement waits for them. A process killed between storing a rendering
 * and moving the row to it leaves one; a replaced rendering is its retirement job's until that has run.
 */
export async function abandonedRenderings(deps: Pick<ReportDeps, 'db' | 'queue'>, keys: string[]): Promise<string[]> {
  const shown = await repo.shownRenderings(deps.db, keys);
  const unshown = keys.filter((k) => !shown.has(k));
  const retiring = new Set(await deps.queue.pendingKeys(unshown.map(retireKey)));
  return unshown.filter((k) => !retiring.has(retireKey(k)));
}

/** Queues, with the change that replaced it, the deletion of a rendering once its last link has expired. */
const retireLater = (deps: ReportDeps, trx: Executor, blobKey: string) =>
  deps.queue.enqueue(
    'reports.retire-rendering',
    { blobKey },
    {
      key: retireKey(blobKey),
      within: trx,
      runAt: new Date(deps.clock.now().getTime() + deps.config.PRESIGN_GET_TTL_SECONDS * 1000 + RETIRE_MARGIN_MS),
    },
  );

/** `reports.refresh`: one stored report of a shooting brought up to date; a deleted shooting has none left. */
export async function refreshStoredReport(
  deps: ReportDeps,
  shootingId: string,
  kind: ReportKind,
  locale: ReportLocale,
): Promise<void> {
  const shooting = await reportShootingForJob(deps, shootingId);
  if (shooting) await refreshReport(deps, shooting, kind, locale);
}

/** The shooting and its vehicle (the product's registration) by id alone, for a job; null once deleted. */
export async function reportShootingForJob(deps: Pick<ReportDeps, 'db'>, shootingId: string) {
  const s = await findShootingForJob(deps.db, shootingId);
  if (!s) return null;
  const { id, ownerId, shootingType, createdAt, productRegistration: registration, vin, brand, model } = s;
  return { id, ownerId, shootingType, createdAt, registration, vin, brand, model } satisfies ReportShooting;
}

/** The data version a report of this shooting would have now; 'none' when there is nothing to report. */
export async function currentDataVersion(
  deps: ReportDeps,
  shooting: ReportShooting,
  kind: ReportKind,
  locale: ReportLocale,
): Promise<string> {
  const model = await loadReportModel(deps.db, shooting, kind, locale);
  return model ? dataVersion(model) : 'none';
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'report';

/**
 * The caller's report of one kind in one language, generated now when it is missing or out of date;
 * null when the shooting has nothing of that kind to report.
 */
export async function getReport(
  deps: ReportDeps,
  user: UserContext,
  params: ShootingParams,
  kind: ReportKind,
  locale: ReportLocale | undefined,
): Promise<Report | null> {
  const shooting = await loadInspectable(deps.db, user, params);
  if (kind === 'TRADE_IN') requireTradeIn(user);
  const language = locale ?? toReportLocale(user.locale);
  const row = await refreshReport(deps, shooting, kind, language);
  if (!row) return null;
  return {
    id: row.id,
    kind,
    locale: language,
    pdfUrl: await deps.blobs.presignGet(row.blob_key, {
      expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS,
      downloadName: `${safeName(shooting.registration)}-${FILE_KIND[kind]}-${language}.pdf`,
    }),
    created: row.created_at,
    updated: row.updated_at,
  };
}

/** The user's own language when reports exist in it, else French, the portal's fallback. */
export const toReportLocale = (locale: string): ReportLocale => {
  const base = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return (REPORT_LOCALES as readonly string[]).includes(base) ? (base as ReportLocale) : 'fr';
};
