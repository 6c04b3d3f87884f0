// `npm run bench -- checkpoint [--seconds 20] [--rate 200] [--row-bytes 4000] [--wal-limit-mb 64] [--no-record]`: what SQLite's
// WAL checkpoint costs the event loop. The same paced writes (one small transaction at a time, `--rate`
// a second, each a row of `--row-bytes`), on a connection set up as the embedded server's, twice: with
// SQLite's own checkpoint, run by the commit that crosses 1000 WAL pages, and with the server's
// (wal_autocheckpoint = 0 and platform/db/sqlite-checkpointer.ts's thread). Figures per mode: each
// commit's duration (p50/p99/longest, how many over 20 ms), the event loop's delay and the WAL's largest
// size. Goal: with the thread, no commit over 50 ms (the embedded target's loop goal is 100 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { DEFAULT_CHECKPOINTS, startCheckpointer } from '../apps/server/src/platform/db/sqlite-checkpointer';
import { arg } from './lib/args';
import { emit, recordRow } from './lib/report';

const SECONDS = Number(arg('seconds') ?? 20);
const RATE = Number(arg('rate') ?? 200);
const ROW_BYTES = Number(arg('row-bytes') ?? 4000);
const WAL_LIMIT_MB = Number(arg('wal-limit-mb') ?? DEFAULT_CHECKPOINTS.walLimitBytes / 1024 ** 2);
const TICK_MS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Number(n.toFixed(1));

interface Figures {
  mode: string;
  commits: number;
  p50: number;
  p99: number;
  longest: number;
  over20: number;
  loopP99: number;
  loopMax: number;
  walMaxMb: number;
}

async function run(mode: 'commit' | 'thread'): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-checkpoint-'));
  const file = path.join(dir, 'bench.sqlite');
  const db = new SqliteDatabase(file);
  // As openSqlite sets the embedded server's connection.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(
    'create table rows (id integer primary key, at text not null, body blob not null); create index rows_at on rows (at)',
  );
  const checkpointer =
    mode === 'thread'
      ? (db.pragma('wal_autocheckpoint = 0'),
        startCheckpointer(
          file,
          { ...DEFAULT_CHECKPOINTS, walLimitBytes: WAL_LIMIT_MB * 1024 ** 2 },
          { onError: console.error, onDeath: () => console.error('checkpoint thread died') },
        ))
      : null;
  const insert = db.prepare('insert into rows (at, body) values (?, randomblob(?))');
  const commit = db.transaction(() => insert.run(new Date().toISOString(), ROW_BYTES));
  const durations: number[] = [];
  let walMax = 0;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const perTick = (RATE * TICK_MS) / 1000;
  let owed = 0;
  await new Promise<void>((resolve) => {
    const end = performance.now() + SECONDS * 1000;
    const timer = setInterval(() => {
      owed += perTick;
      for (; owed >= 1; owed -= 1) {
        const t0 = performance.now();
        commit();
        durations.push(performance.now() - t0);
      }
      walMax = Math.max(walMax, fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
      if (performance.now() >= end) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  loop.disable();
  await checkpointer?.stop();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    mode,
    commits: durations.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    longest: round(sorted.at(-1) ?? 0),
    over20: durations.filter((d) => d > 20).length,
    loopP99: round(loop.percentile(99) / 1e6),
    loopMax: round(loop.max / 1e6),
    walMaxMb: round(walMax / 1024 ** 2),
  };
}

const results = [await run('commit'), await run('thread')];
for (const r of results)
  emit({ benchmark: 'checkpoint', seconds: SECONDS, rate: RATE, rowBytes: ROW_BYTES, walLimitMb: WAL_LIMIT_MB, ...r });
const thread = results[1]!;
const describe = (r: Figures) =>
  `${r.mode === 'commit' ? "SQLite's own (in the commit)" : 'thread'}: ${r.commits} commits, p50/p99/longest ${r.p50}/${r.p99}/${r.longest} ms, ${r.over20} over 20 ms, loop p99/max ${r.loopP99}/${r.loopMax} ms, WAL up to ${r.walMaxMb} MB`;
recordRow(
  'checkpoint',
  `${SECONDS} s of ${RATE} commits/s of ${ROW_BYTES} B, WAL limit ${WAL_LIMIT_MB} MB — ${results.map(describe).join('; ')} — 1-min load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end`,
  thread.longest < 50,
);
