// `npm run bench -- webhooks [--events N] [--rate R] [--concurrency C]`: Standard Webhooks deliveries on SQLite to a
// receiver on 127.0.0.1 in a process of its own (bench/lib/webhook-receiver-process.ts). 1) N events (default 10,000)
// emitted at R a second (default 600) over 200 shootings, delivered by a worker in this process (the endpoint's lane,
// decision 0054): deliveries a second (N / first event to last delivery) and p50/p95 from the event's commit to its
// arrival. 2) 2,000 events over 20 shootings, written first, delivered by a worker in a child process SIGKILLed once
// 300 have arrived, then by a new one: lost events and events out of order per shooting (an event seen first after
// a later one of its shooting), duplicates (at least once), time to finish after the kill.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config';
import { webhooksJobs } from '../apps/server/src/modules/webhooks/webhooks.jobs';
import { emitWebhookEvent } from '../apps/server/src/modules/webhooks/webhook-events.service';
import { addWebhookEndpoint } from '../apps/server/src/modules/webhooks/webhooks.fixtures';
import { createAdapters, type Adapters } from '../apps/server/src/platform/adapters';
import { SqlWorker } from '../apps/server/src/platform/queue/sql-worker';
import { arg } from './lib/args';
import { emit, recordRow } from './lib/report';

const EVENTS = Number(arg('events') ?? 10_000);
const RATE = Number(arg('rate') ?? 600);
const CONCURRENCY = Number(arg('concurrency') ?? 8);
const STREAMS = 200;
const KILL_EVENTS = 2000;
const KILL_STREAMS = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
let busyRetries = 0;
let jobErrors = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The receiver, in a process of its own (bench/lib/webhook-receiver-process.ts), and what it saw. */
async function startReceiver() {
  const child = fork(path.join(here, 'lib/webhook-receiver-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let count = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { url?: string; count?: number }) => {
      if (m.url) resolve(m.url);
      if (m.count !== undefined) count = m.count;
    });
    child.once('exit', (code) => reject(new Error(`the receiver exited (${code})`)));
  });
  return {
    url,
    get count() {
      return count;
    },
    tally: () =>
      new Promise<{ firstAt: Map<string, number>; outOfOrder: number; duplicates: number }>((resolve) => {
        const on = (m: { tally?: { firstAt: [string, number][]; outOfOrder: number; duplicates: number } }) => {
          if (!m.tally) return;
          child.off('message', on);
          resolve({ ...m.tally, firstAt: new Map(m.tally.firstAt) });
        };
        child.on('message', on);
        child.send('tally');
      }),
    close: () => {
      child.kill('SIGKILL');
    },
  };
}

async function setup(dataDir: string) {
  const adapters = await createAdapters(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' }),
  );
  await adapters.db
    .insertInto('dealer_groups')
    .values({ id: 'grp-bench', name: 'Bench', created_at: new Date().toISOString() })
    .execute();
  return adapters;
}

async function addEndpoint(adapters: Adapters, url: string) {
  await addWebhookEndpoint(adapters.db, {
    id: 'ep-bench',
    groupId: 'grp-bench',
    url,
    description: 'bench',
    createdBy: 'bench',
  });
}

/** Emits `count` events over `streams` shootings at `rate` a second; answers each event's commit time by id. */
async function emitPaced(adapters: Adapters, count: number, streams: number, rate: number) {
  const committedAt = new Map<string, number>();
  const t0 = Date.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / rate - Date.now();
    if (wait > 1) await sleep(wait);
    const shootingId = `shooting-${i % streams}`;
    const write = () =>
      adapters.db.transaction().execute((trx) =>
        emitWebhookEvent(adapters, trx, {
          type: 'shooting.created',
          groupId: 'grp-bench',
          streamKey: shootingId,
          data: { shootingId, n: Math.floor(i / streams) },
        }),
      );
    // On a loaded machine a WAL checkpoint can hold the write lock past busy_timeout (5 s): the commit is tried
    // again, as a caller's retry would, and counted.
    let out: Awaited<ReturnType<typeof write>> = null;
    for (let tries = 0; ; tries++) {
      try {
        out = await write();
        break;
      } catch (err) {
        if (!String((err as { code?: string }).code).startsWith('SQLITE_BUSY') || tries >= 20) throw err;
        busyRetries++;
        await sleep(20);
      }
    }
    committedAt.set(out!.eventId, Date.now());
  }
  return committedAt;
}

async function throughput() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-webhooks-'));
  const receiver = await startReceiver();
  const adapters = await setup(dataDir);
  await addEndpoint(adapters, receiver.url);
  const worker = new SqlWorker(adapters.queue, Object.values(webhooksJobs(adapters)), {
    concurrency: CONCURRENCY,
    onError: () => void jobErrors++,
  });
  worker.start();
  try {
    const t0 = Date.now();
    const committedAt = await emitPaced(adapters, EVENTS, STREAMS, RATE);
    const emitSeconds = (Date.now() - t0) / 1000;
    const deadline = Date.now() + 120_000;
    while (receiver.count < EVENTS && Date.now() < deadline) await sleep(50);
    const seen = await receiver.tally();
    const last = Math.max(...seen.firstAt.values());
    const latencies = [...committedAt].map(([id, at]) => (seen.firstAt.get(id) ?? Infinity) - at).sort((a, b) => a - b);
    return {
      delivered: seen.firstAt.size,
      emitPerSecond: Math.round(EVENTS / emitSeconds),
      deliveriesPerSecond: Math.round(seen.firstAt.size / ((last - t0) / 1000)),
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      outOfOrder: seen.outOfOrder,
      duplicates: seen.duplicates,
    };
  } finally {
    await worker.stop(2000);
    await adapters.close();
    receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function startWorker(dataDir: string): Promise<ChildProcess> {
  const child = fork(path.join(here, 'lib/webhook-worker.ts'), [dataDir, String(CONCURRENCY)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
  });
}

async function acrossKill() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-webhooks-kill-'));
  const receiver = await startReceiver();
  // SQLite takes one writing process at a time (workers as processes of their own are for PostgreSQL): the events
  // are written first, then the worker processes deliver them, one after the other.
  const adapters = await setup(dataDir);
  await addEndpoint(adapters, receiver.url);
  const ids = [...(await emitPaced(adapters, KILL_EVENTS, KILL_STREAMS, 100_000)).keys()];
  await adapters.close();
  let worker = await startWorker(dataDir);
  try {
    while (receiver.count < 300) await sleep(5);
    worker.kill('SIGKILL');
    const killedAt = Date.now();
    const atKill = receiver.count;
    await new Promise((r) => worker.once('exit', r));
    worker = await startWorker(dataDir);
    const deadline = Date.now() + 90_000;
    while (receiver.count < KILL_EVENTS && Date.now() < deadline) await sleep(100);
    const seen = await receiver.tally();
    return {
      events: KILL_EVENTS,
      deliveredBeforeKill: atKill,
      lost: ids.filter((id) => !seen.firstAt.has(id)).length,
      outOfOrder: seen.outOfOrder,
      duplicates: seen.duplicates,
      secondsToFinishAfterKill: Math.round((Date.now() - killedAt) / 100) / 10,
    };
  } finally {
    worker.kill('SIGKILL');
    receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const paced = await throughput();
emit({ phase: 'throughput', events: EVENTS, rate: RATE, concurrency: CONCURRENCY, ...paced });
const kill = await acrossKill();
emit({ phase: 'sigkill', ...kill, busyRetries, jobErrors });
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const goalMet =
  paced.delivered === EVENTS &&
  paced.deliveriesPerSecond >= 500 &&
  paced.p95Ms <= 1000 &&
  paced.outOfOrder === 0 &&
  kill.lost === 0 &&
  kill.outOfOrder === 0;
recordRow(
  'webhooks',
  `${EVENTS} events emitted at ${paced.emitPerSecond}/s over ${STREAMS} shootings, SQLite, worker concurrency ${CONCURRENCY}: ` +
    `${paced.delivered} delivered at ${paced.deliveriesPerSecond}/s, event→delivery p50 ${paced.p50Ms} ms, p95 ${paced.p95Ms} ms, ` +
    `${paced.outOfOrder} out of order. SIGKILL of the worker process after ${kill.deliveredBeforeKill} of ${kill.events}: ` +
    `${kill.lost} lost, ${kill.outOfOrder} out of order, ${kill.duplicates} delivered twice, all in ${kill.secondsToFinishAfterKill} s after the kill. ` +
    `${busyRetries} commits retried after SQLITE_BUSY. Load average ${load}`,
  goalMet,
);
