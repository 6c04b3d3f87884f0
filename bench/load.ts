// `npm run bench -- load [--target embedded|scale] [--users 200] [--minutes 5] [--customers 0.4]
//  [--think-ms 1000-4000] [--warm-up-s 30] [--no-record] [--cpu-prof DIR] [--pg-tcp] [--pg-stats] [--s3-stats] [--s3-proxy] [--keep-logs]`:
// a dealer group's working day, compressed (`--pg-stats`, scale only: PostgreSQL's statements by total time during
// the run; `--s3-stats`, scale only: the blob store's operations by kind and by whom; `--s3-proxy`: the faults
// bench's TCP proxies in front of s3rver, to measure what they cost).
// Simulated staff of the demo group sign in through the embedded provider and list, search, open details,
// create 3-picture shootings through the real upload flow (presigned PUTs to the blob store), download zips
// and inspection reports and share player links; anonymous customers open those players (options, frames,
// watched) and rate them. Each user pauses 1–4 s between actions. The same load runs for `--warm-up-s` before
// the measured minutes and is counted apart (its requests, errors and worst event-loop window are printed and
// recorded; its errors count against the goal): a deployment that just started compiles its hot code and opens
// its connections under its first requests, which one serving all day has long done. Targets (bench/lib/deployment.ts):
//   embedded  one process, SQLite and blob files, as `npm start` runs;
//   scale     two --role=api and two --role=worker processes on PostgreSQL 15, the S3 driver on s3rver,
//             HAProxy with deploy/haproxy.cfg in front.
// Figures per route p50/p95/p99 and errors, throughput, each process's event-loop delay p99 (the worst 10-s
// window) and RSS in the minute after minute 1 and in the last minute (means of its 10-s readings, which are
// printed; all from /metrics). Goals (issue 18) on scale: no error; p95 < 50 ms for list,
// search, detail and player options, < 250 ms for a creation's API calls; RSS growth < 10 %; event-loop
// p99 < 50 ms. Embedded: the same, latencies (event-loop delay too) up to twice those.
import os from 'node:os';
import { startDeployment, stopOnSignals, type Deployment, type Target } from './lib/deployment';
import {
  cpuLine,
  cpuPerRequestsLine,
  flag,
  latencyGoalMet,
  loadOptionsFromArgv,
  processLine,
  routeLine,
  runLoad,
} from './lib/load-run';
import { resetStatementStats, topStatements } from './lib/pg-statements';
import { s3StatsLines } from './lib/s3-op-stats';
import { emit, recordRow } from './lib/report';

const targetName = flag('target', 'embedded');
if (targetName !== 'embedded' && targetName !== 'scale') throw new Error('--target is embedded or scale');
const target: Target = targetName;
const opts = loadOptionsFromArgv();
const record = !process.argv.includes('--no-record');
const loadAtStart = os.loadavg()[0] ?? 0;

let deployment: Deployment | null = null;
stopOnSignals(() => deployment);
let failed = true;
try {
  deployment = await startDeployment(target, { faultProxy: process.argv.includes('--s3-proxy') });
  console.error(
    `${target} deployment up at ${deployment.baseUrl} (folder ${deployment.dir}); ${opts.users} users for ${opts.minutes} min after a ${opts.warmUpS}-s warm-up`,
  );
  const pgStats = process.argv.includes('--pg-stats') && deployment.pg ? deployment.pg.url : null;
  if (pgStats) await resetStatementStats(pgStats);
  const s3Stats = process.argv.includes('--s3-stats') ? deployment.s3Stats : null;
  // Counted from here: the demo seed's and the processes' start-up operations are not the load's.
  if (s3Stats) await s3Stats(true);
  const result = await runLoad(deployment, opts);
  if (pgStats) for (const line of await topStatements(pgStats)) console.error(line);
  if (s3Stats) {
    const { counts, detail } = await s3Stats(false);
    for (const line of s3StatsLines(counts, result.created.length, result.requests, detail)) console.error(line);
  }
  for (const r of result.routes) emit({ benchmark: 'load', target, ...r });
  for (const p of result.processes)
    emit({
      benchmark: 'load',
      target,
      process: p.name,
      rssEarlyMb: p.rssEarlyMb,
      rssEndMb: p.rssEndMb,
      rssEarlyAtS: result.earlyAtS,
      eventLoopP99Ms: p.eventLoopP99Ms,
      eventLoopWorstAtS: p.eventLoopWorstAtS,
      eventLoopMedianMs: p.eventLoopMedianMs,
      eventLoopWarmUpMs: p.eventLoopWarmUpMs,
      cpuS: p.cpuS,
    });
  emit({ benchmark: 'load', target, ...result.cpu, requests: result.requests, queueAtEnd: result.queueAtEnd });
  for (const p of result.processes) console.error(`${p.name} RSS every 10 s (MB): ${p.rssSeriesMb.join(' ')}`);
  console.error(cpuLine(result.processes, result.cpu));
  console.error(cpuPerRequestsLine(result.processes, result.cpu, result.requests));
  // What the workers had not done yet when the load stopped: a queue that grows through the run is work
  // the deployment does not keep up with, however fast it answers.
  const queueLine = result.queueAtEnd
    ? `queue at the end: ${result.queueAtEnd.jobs} jobs, the oldest due ${result.queueAtEnd.oldestWaitingS} s ago`
    : 'queue at the end: not read';
  console.error(queueLine);
  const errors = result.routes.reduce((n, r) => n + r.errors, 0) + result.warmUp.errors;
  const warmUpLine = `warm-up (${result.warmUp.seconds} s, not in the figures): ${result.warmUp.requests} requests, ${result.warmUp.errors} errors, worst 10-s event-loop p99 ${result.processes.map((p) => `${p.name} ${p.eventLoopWarmUpMs ?? '?'} ms`).join(', ')}`;
  console.error(warmUpLine);
  const factor = target === 'embedded' ? 2 : 1;
  const rssOk = result.processes.every(
    (p) => p.rssEarlyMb !== null && p.rssEndMb !== null && p.rssEndMb <= p.rssEarlyMb * 1.1,
  );
  const loopOk = result.processes.every((p) => p.eventLoopP99Ms !== null && p.eventLoopP99Ms < 50 * factor);
  const goalMet = errors === 0 && latencyGoalMet(result.routes, factor) && rssOk && loopOk;
  emit({
    benchmark: 'load',
    target,
    users: opts.users,
    minutes: opts.minutes,
    throughput: result.throughput,
    errors,
    failuresAfterRetries: result.recorder.failures.length,
    created: result.created.length,
    goalMet,
  });
  for (const e of result.recorder.errors.slice(0, 10)) console.error(`error: ${e.route} ${e.detail}`);
  if (record) {
    recordRow(
      'load',
      [
        `${target} (${deployment.blobStore}), ${opts.users} users (${Math.round(opts.customerShare * 100)} % customers) × ${opts.minutes} min after a ${opts.warmUpS}-s warm-up, pause ${opts.thinkMs.join('–')} ms; pictures: ${result.pictures}`,
        `${result.throughput} req/s, ${errors} errors, ${result.recorder.failures.length} failures after the portal's retries, ${result.created.length} shootings created`,
        `p50/p95/p99: ${result.routes.map(routeLine).join('; ')}`,
        result.processes.map((p) => processLine(p, result.earlyAtS)).join('; '),
        cpuLine(result.processes, result.cpu),
        cpuPerRequestsLine(result.processes, result.cpu, result.requests),
        queueLine,
        warmUpLine,
        `1-min load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores at the start (load generator on the same machine)`,
      ].join(' — '),
      goalMet,
    );
  }
  // The servers' logs are kept when a request failed, to find out why (`--keep-logs`: always; HAProxy's log
  // has each request's queue, connect and server times).
  failed = errors > 0;
} finally {
  await deployment?.stop();
  if (deployment && !failed && !process.argv.includes('--keep-logs')) {
    const { rmSync } = await import('node:fs');
    rmSync(deployment.dir, { recursive: true, force: true });
  } else if (deployment) {
    console.error(`Logs kept in ${deployment.dir}`);
  }
}
