// `npm run bench -- shootings-list [--seconds N] [--database-url postgres://...] [--only sqlite|postgres] [--cpu-prof DIR]`:
// GET /api/shootings on 1,000,000 shootings over 2,000 owners, for a user who reaches 5 of them, with 50
// connections (autocannon) against the server started as its own process. Figures: p50/p95/p99 and
// requests/s of the first page, of the page at offset 10,000 and of a filtered search, and the same
// server's /healthz throughput as the baseline, on SQLite and on PostgreSQL. The load repeats the same
// three queries, so with the list cache on (the default) it measures cache hits; each database then
// gets a second server with the cache off (LIST_CACHE_ENTRIES=0) whose figures, printed and recorded as
// "uncached", are the pages built from the database on every request. The generated databases are
// cached under /tmp/forecourt-bench-shootings-list between runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { accessTokenFor } from '../apps/server/src/test/auth-helpers';
import { startCachedPostgres } from './lib/postgres';
import { fillPostgres, fillSqlite, BENCH_USER_ID, isFilled, searchedRegistration } from './lib/shootings-data';
import { cpuSecondsOf } from './lib/proc-tree';
import { emit, recordRow } from './lib/report';
import { arg } from './lib/args';
import { loopbackServerEnv, startHealthyServer, stopServer, TSX_API } from './lib/server-process';

const CACHE = '/tmp/forecourt-bench-shootings-list';
const SECONDS = Number(arg('seconds') ?? 10);
const CONNECTIONS = 50;
const PORT = 8194;
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
const API_KEY = 'bench-api-key-0123456789';

const TYPES = 'shootingTypes=STANDARD,VIDEO,INSPECTION,INSPECTION_REPAIR_ORDER';
const SCENARIOS = {
  healthz: '/healthz',
  firstPage: `/api/shootings?${TYPES}&limit=12&offset=0`,
  deepPage: `/api/shootings?${TYPES}&limit=12&offset=10000`,
  search: `/api/shootings?shootingTypes=STANDARD,VIDEO&registration=${encodeURIComponent(searchedRegistration())}&startDate=2024-01-01&endDate=2024-12-31&limit=12&offset=0`,
} as const;
type Scenario = keyof typeof SCENARIOS;
const LIST_SCENARIOS: Scenario[] = ['firstPage', 'deepPage', 'search'];

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** The server process's CPU time per answered request (user + system), steadier than latency on a busy machine. */
  serverCpuUs?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${PUBLIC_URL}${url}`, connections: CONNECTIONS, duration: seconds, headers },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== 200) errors++;
      times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    rps: Math.round(result.requests.average),
    errors: errors + result.errors + result.non2xx,
  };
}

function startServer(env: Record<string, string>) {
  // `--cpu-prof DIR` profiles the server (node --cpu-prof), written when it stops.
  const prof = arg('cpu-prof');
  return startHealthyServer({
    args: [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), ...TSX_API],
    env: { ...env, ...loopbackServerEnv(PORT), API_KEY },
    baseUrl: PUBLIC_URL,
  });
}

/** Runs the scenarios against a fresh server process; with cache false the list cache is off. */
async function measure(
  dialect: 'sqlite' | 'postgres',
  env: Record<string, string>,
  headers: Record<string, string>,
  cache: boolean,
  scenarios: Scenario[],
) {
  const server = await startServer(cache ? env : { ...env, LIST_CACHE_ENTRIES: '0' });
  try {
    const first = await fetch(`${PUBLIC_URL}${SCENARIOS.deepPage}`, { headers });
    if (!first.ok) throw new Error(`The list answered ${first.status}: ${await first.text()}`);
    const out: Partial<Record<Scenario, Figures>> = {};
    for (const name of scenarios) {
      // A scenario that answers an empty page would measure nothing: each list scenario must find shootings.
      if (name !== 'healthz') {
        const page = (await (await fetch(`${PUBLIC_URL}${SCENARIOS[name]}`, { headers })).json()) as {
          items?: unknown[];
        };
        if (!page.items?.length) throw new Error(`${name} (${SCENARIOS[name]}) answered no shooting`);
      }
      await load(SCENARIOS[name], headers, 2); // warm-up: caches, JIT
      const cpuBefore = cpuSecondsOf(server.pid!);
      const f = await load(SCENARIOS[name], headers, SECONDS);
      const cpuAfter = cpuSecondsOf(server.pid!);
      const answered = f.rps * SECONDS;
      if (cpuBefore !== null && cpuAfter !== null && answered > 0)
        f.serverCpuUs = Math.round(((cpuAfter - cpuBefore) * 1e6) / answered);
      out[name] = f;
      emit({
        benchmark: 'shootings-list',
        dialect,
        listCache: cache ? 'on' : 'off (uncached)',
        scenario: name,
        connections: CONNECTIONS,
        ...f,
      });
    }
    return out;
  } finally {
    await stopServer(server);
  }
}

interface DatabaseFigures {
  /** List cache on: after the warm-up, the repeated queries are cache hits. */
  cached: Record<Scenario, Figures>;
  /** List cache off: every page read from the database. */
  uncached: Record<Exclude<Scenario, 'healthz'>, Figures>;
}

async function onDatabase(dialect: 'sqlite' | 'postgres', databaseUrl?: string): Promise<DatabaseFigures> {
  const dataDir = path.join(CACHE, dialect === 'sqlite' ? 'sqlite' : 'pg-data-dir');
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const adapters = await createAdapters(
    loadConfig({ ...env, PUBLIC_URL, API_KEY, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }),
  );
  let token: string;
  try {
    if (!(await isFilled(adapters.db))) {
      const t0 = performance.now();
      if (dialect === 'sqlite') {
        await adapters.close();
        fillSqlite(path.join(dataDir, 'forecourt.sqlite'));
      } else {
        await fillPostgres(databaseUrl!);
      }
      emit({ benchmark: 'shootings-list', dialect, generatedSeconds: round((performance.now() - t0) / 1000) });
    }
  } finally {
    await adapters.close().catch(() => undefined);
  }
  const again = await createAdapters(
    loadConfig({ ...env, PUBLIC_URL, API_KEY, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }),
  );
  try {
    token = await accessTokenFor(again, BENCH_USER_ID, { expiresIn: '2h' });
  } finally {
    await again.close();
  }
  const headers = { authorization: `Bearer ${token}`, 'x-api-key': API_KEY };
  const cached = (await measure(dialect, env, headers, true, Object.keys(SCENARIOS) as Scenario[])) as Record<
    Scenario,
    Figures
  >;
  const uncached = (await measure(dialect, env, headers, false, LIST_SCENARIOS)) as DatabaseFigures['uncached'];
  return { cached, uncached };
}

const only = arg('only');
const results: Partial<Record<'sqlite' | 'postgres', DatabaseFigures>> = {};
if (only !== 'postgres') results.sqlite = await onDatabase('sqlite');
if (only !== 'sqlite') {
  const given = arg('database-url');
  const pg = given ? null : await startCachedPostgres(path.join(CACHE, 'pg'), 'shootings_list');
  try {
    results.postgres = await onDatabase('postgres', given ?? pg!.url);
  } finally {
    pg?.stop();
  }
}

// Issue 33's goals, on the default store (SQLite): pages built from the database on every request, p95 ≤ 25 ms for the
// first page and ≤ 50 ms for offset 10,000 and for a registration search. The row keeps the cached figures too.
const u = results.sqlite?.uncached;
const goalMet = u ? u.firstPage.p95 <= 25 && u.deepPage.p95 <= 50 && u.search.p95 <= 50 : null;
const lat = (f: Figures) => `${f.p50}/${f.p95}/${f.p99} ms ${f.rps} req/s`;
const pages = (r: Record<Exclude<Scenario, 'healthz'>, Figures>, healthz: Figures) =>
  `first ${lat(r.firstPage)} (${Math.round((100 * r.firstPage.rps) / healthz.rps)}% of /healthz); offset 10,000 ${lat(r.deepPage)}; search ${lat(r.search)}; server CPU per request first/deep/search ${[r.firstPage, r.deepPage, r.search].map((f) => f.serverCpuUs ?? '?').join('/')} µs`;
const cell = (d: string, r?: DatabaseFigures) =>
  r
    ? `${d}: /healthz ${r.cached.healthz.rps} req/s (${r.cached.healthz.serverCpuUs ?? '?'} µs CPU); cached (list cache hits) ${pages(r.cached, r.cached.healthz)}; uncached (LIST_CACHE_ENTRIES=0, every page from the database) ${pages(r.uncached, r.cached.healthz)}`
    : '';
emit({ benchmark: 'shootings-list', goalMet });
recordRow(
  'shootings-list',
  `1,000,000 shootings / 2,000 owners, user with 5 owners (25,000 shootings), ${CONNECTIONS} connections, ${SECONDS} s each; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end. ${[cell('SQLite', results.sqlite), cell('PostgreSQL', results.postgres)].filter(Boolean).join('. ')}`,
  goalMet,
);
