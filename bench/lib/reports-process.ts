// The process of the reports benchmark that generates the reports, bundled by bench/reports.ts the way
// scripts/build.mjs bundles the server and run with plain node, as production runs it, in one of the two
// roles that generate reports:
//   worker  as `--role=worker`: every job the worker registers (so every module it loads), and the
//           `reports.refresh` job run once per report;
//   api     as `--role=api`: the whole HTTP app, and each report asked for by its call of spec section 7,
//           which generates it before answering;
//   all     as `npm start` (no role): the HTTP app and a polling worker in one process, the reports asked
//           for as in api.
// Prints its figures as one JSON line.
import { REPORT_LOCALES, type ReportKind, type ReportLocale } from '@forecourt/contracts';
import { loadConfig } from '../../apps/server/src/config';
import { findReport } from '../../apps/server/src/modules/reports/reports.repo';
import { createAdapters, type Adapters } from '../../apps/server/src/platform/adapters';
import { SqlWorker } from '../../apps/server/src/platform/queue/sql-worker';

const KINDS: ReportKind[] = ['DAMAGES', 'VHC', 'TRADE_IN'];
const [role, shootingPath] = process.argv.slice(2) as ['worker' | 'api' | 'all', string];
const shootingId = shootingPath.split('/').pop()!;

interface Role {
  generate(kind: ReportKind, locale: ReportLocale): Promise<void>;
  close(): Promise<void>;
}

async function asWorker(adapters: Adapters): Promise<Role> {
  const { buildJobs } = await import('../../apps/server/src/modules/jobs');
  const refresh = buildJobs(adapters).find((job) => job.name === 'reports.refresh');
  if (!refresh) throw new Error('The worker registers no reports.refresh job');
  const signal = new AbortController().signal;
  return {
    generate: (kind, locale) =>
      refresh.handler({ shootingId, kind, locale }, { jobId: `bench-${kind}-${locale}`, attempt: 1, signal }),
    close: () => adapters.close(),
  };
}

async function startWorker(adapters: Adapters): Promise<SqlWorker> {
  const { buildJobs } = await import('../../apps/server/src/modules/jobs');
  const worker = new SqlWorker(adapters.queue, buildJobs(adapters), {
    concurrency: adapters.config.WORKER_CONCURRENCY,
  });
  worker.start();
  return worker;
}

const CALLS: Record<ReportKind, string> = {
  DAMAGES: 'damages/reports',
  VHC: 'vhc/report',
  TRADE_IN: 'trade-in-offers/reports',
};

async function asApi(adapters: Adapters): Promise<Role> {
  const [{ buildApp }, { authHeaders }] = await Promise.all([
    import('../../apps/server/src/app'),
    import('../../apps/server/src/test/auth-helpers'),
  ]);
  const app = await buildApp(adapters, { webDist: process.env.WEB_DIST, logger: true, workerReady: () => true });
  await app.ready();
  const worker = role === 'all' ? await startWorker(adapters) : null;
  const headers = await authHeaders(adapters, 'manager@demo.forecourt.test');
  return {
    generate: async (kind, locale) => {
      const res = await app.inject({ method: 'GET', url: `${shootingPath}/${CALLS[kind]}?locale=${locale}`, headers });
      if (res.statusCode !== 200) throw new Error(`${CALLS[kind]} answered ${res.statusCode}: ${res.body}`);
    },
    close: async () => {
      await app.close();
      await worker?.stop();
      await adapters.close();
    },
  };
}

const adapters = await createAdapters(loadConfig());
const generator = role === 'worker' ? await asWorker(adapters) : await asApi(adapters);
// What the process holds before any report: node, the bundle, every module the role loads, the adapters.
const baselineRssMB = Math.round(process.memoryUsage().rss / 1048576);

const timed = async (kind: ReportKind, locale: ReportLocale) => {
  const start = performance.now();
  await generator.generate(kind, locale);
  const ms = performance.now() - start;
  const row = await findReport(adapters.db, shootingId, kind, locale);
  const blob = row && (await adapters.blobs.head(row.blob_key));
  if (!blob) throw new Error(`No ${kind} report in ${locale} was written`);
  return { ms, bytes: blob.size };
};

// CPU time (every thread of the process) is what the first report costs whatever else the machine runs.
const cpuBefore = process.cpuUsage();
const cold = await timed('DAMAGES', 'en');
const coldCpu = process.cpuUsage(cpuBefore);
const kinds = [];
for (const kind of KINDS) {
  const runs = [];
  for (const locale of REPORT_LOCALES) if (kind !== 'DAMAGES' || locale !== 'en') runs.push(await timed(kind, locale));
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  kinds.push({
    kind,
    runs: times.length,
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    maxMs: Math.round(times[times.length - 1]!),
    pdfKB: Math.round(runs[0]!.bytes / 1024),
  });
}
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
await generator.close();
console.log(
  JSON.stringify({
    role,
    coldMs: Math.round(cold.ms),
    coldCpuMs: Math.round((coldCpu.user + coldCpu.system) / 1000),
    kinds,
    baselineRssMB,
    peakRssMB,
  }),
);
