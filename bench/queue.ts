// `npm run bench -- queue [--jobs N] [--database-url postgres://...]`: the durable queue with a no-op
// handler, on SQLite and on PostgreSQL (a throwaway server unless a URL is given). Two figures each:
// throughput (N jobs enqueued as fast as possible while the worker drains them, jobs/s until the last is
// done) and enqueue-to-start latency (jobs enqueued one at a time at a steady rate, p50 and p99).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../apps/server/src/config';
import { createAdapters, type Adapters } from '../apps/server/src/platform/adapters';
import { defineJobOf } from '../apps/server/src/platform/queue/queue';
import { SqlWorker } from '../apps/server/src/platform/queue/sql-worker';
import { emit, recordRow } from './lib/report';
import { arg } from './lib/args';
import { startThrowawayPostgres } from './lib/postgres';

const JOBS = Number(arg('jobs') ?? 5000);
const LATENCY_SAMPLES = 500;
const LATENCY_RATE_PER_S = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** The bench's one job, queued on a queue of its own. */
const benchJobs = { 'bench.noop': { payload: z.object({ seq: z.string() }) } };

interface Result {
  jobsPerSecond: number;
  /** Throughput per second of this process's own CPU time: what the figure would be on an idle machine. */
  jobsPerCpuSecond: number;
  p50: number;
  p99: number;
}

async function measure(adapters: Adapters): Promise<Result> {
  const startedAt = new Map<string, number>();
  let finished = 0;
  let onFinished = () => undefined as void;
  const queue = adapters.queue.withJobs(benchJobs);
  const job = defineJobOf(benchJobs, 'bench.noop', async ({ seq }) => {
    startedAt.set(seq, performance.now());
    finished++;
    onFinished();
  });
  const worker = new SqlWorker(queue, [job], { concurrency: adapters.config.WORKER_CONCURRENCY });
  worker.start();
  // Done means marked done in the database, not only handled.
  const allDone = async (n: number) => {
    while (finished < n || (await queue.counts('bench.noop')).done < n) {
      await new Promise<void>((r) => {
        onFinished = r;
        setTimeout(r, 20);
      });
    }
  };

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < JOBS; i++) await queue.enqueue('bench.noop', { seq: `t${i}` }, { key: `bench:t${i}` });
  await allDone(JOBS);
  const jobsPerSecond = JOBS / ((performance.now() - t0) / 1000);
  const cpu = process.cpuUsage(cpu0);
  const jobsPerCpuSecond = JOBS / ((cpu.user + cpu.system) / 1e6);

  const enqueuedAt = new Map<string, number>();
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const seq = `l${i}`;
    enqueuedAt.set(seq, performance.now());
    await queue.enqueue('bench.noop', { seq }, { key: `bench:${seq}` });
    await new Promise((r) => setTimeout(r, 1000 / LATENCY_RATE_PER_S));
  }
  await allDone(JOBS + LATENCY_SAMPLES);
  await worker.stop(5000);
  const latencies = [...enqueuedAt].map(([seq, at]) => startedAt.get(seq)! - at).sort((a, b) => a - b);
  return { jobsPerSecond, jobsPerCpuSecond, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function onDatabase(databaseUrl?: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-queue-'));
  const adapters = await createAdapters(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
  );
  try {
    await adapters.db.deleteFrom('jobs').where('name', '=', 'bench.noop').execute();
    return await measure(adapters);
  } finally {
    await adapters.db.deleteFrom('jobs').where('name', '=', 'bench.noop').execute();
    await adapters.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sqlite = await onDatabase();
emit({
  database: 'sqlite',
  jobs: JOBS,
  jobsPerSecond: round(sqlite.jobsPerSecond, 0),
  jobsPerCpuSecond: round(sqlite.jobsPerCpuSecond, 0),
  enqueueToStartP50Ms: round(sqlite.p50),
  enqueueToStartP99Ms: round(sqlite.p99),
});

const givenUrl = arg('database-url') ?? process.env.BENCH_DATABASE_URL;
const throwaway = givenUrl ? null : await startThrowawayPostgres();
let postgres: Result;
try {
  postgres = await onDatabase(givenUrl ?? throwaway!.url);
} finally {
  throwaway?.stop();
}
emit({
  database: 'postgres',
  jobs: JOBS,
  jobsPerSecond: round(postgres.jobsPerSecond, 0),
  jobsPerCpuSecond: round(postgres.jobsPerCpuSecond, 0),
  enqueueToStartP50Ms: round(postgres.p50),
  enqueueToStartP99Ms: round(postgres.p99),
});

const goalMet = sqlite.jobsPerSecond >= 1000 && sqlite.p99 < 100;
const fmt = (name: string, r: Result) =>
  `${name}: ${round(r.jobsPerSecond, 0)} jobs/s (${round(r.jobsPerCpuSecond, 0)} per CPU-second of the process), enqueue→start p50 ${round(r.p50)} ms, p99 ${round(r.p99)} ms`;
const load = os.loadavg()[0]!.toFixed(1);
recordRow(
  'queue',
  `${JOBS} no-op jobs, load average ${load} at the end, worker concurrency ${loadConfig({}).WORKER_CONCURRENCY}; ${fmt('SQLite', sqlite)}; ${fmt('PostgreSQL', postgres)}`,
  goalMet,
);
