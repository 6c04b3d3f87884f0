// `npm run bench -- shootings-list [--seconds N] [--database-url postgres://...] [--only sqlite|postgres] [--cpu-prof DIR]`:
// GET /api/shootings on 1,000,000 shootings over 2,000 owners, for a user who reaches 5 of them, with 50
// connections (autocannon) against the server started as its own process. Figures: p50/p95/p99 and
// requests/s of the first page, of the page at offset 10,000 and of a filtered search, and the same
// server's /healthz throughput as the baseline, on SQLite and on PostgreSQL. The generated databases are
// cached under /tmp/forecourt-bench-shootings-list between runs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { accessTokenFor } from '../apps/server/src/test/auth-helpers';
import { startCachedPostgres } from './lib/cached-postgres';
import { fillPostgres, fillSqlite, BENCH_USER_ID, isFilled } from './lib/shootings-data';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = '/tmp/forecourt-bench-shootings-list';
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
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
  search: `/api/shootings?shootingTypes=STANDARD,VIDEO&registration=ab-1&startDate=2024-01-01&endDate=2024-12-31&limit=12&offset=0`,
} as const;
type Scenario = keyof typeof SCENARIOS;

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** The server process's CPU time per answered request (user + system), steadier than latency on a busy machine. */
  serverCpuUs?: number;
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc (Linux). */
function cpuMicros(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `${PUBLIC_URL}${url}`, connections: CONNECTIONS, duration: seconds, headers }, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== 200) errors++;
      times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), rps: Math.round(result.requests.average), errors: errors + result.errors + result.non2xx };
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // `--cpu-prof DIR` profiles the server (node --cpu-prof), written when it stops.
  const prof = arg('cpu-prof');
  const child = spawn(process.execPath, [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--role=api'], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(PORT), PUBLIC_URL, API_KEY, DEMO_SEED: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${PUBLIC_URL}/healthz`).then((r) => r.ok, () => false);
    if (ok) return child;
    if (child.exitCode !== null) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The server did not answer /healthz');
}

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function onDatabase(dialect: 'sqlite' | 'postgres', databaseUrl?: string): Promise<Record<Scenario, Figures>> {
  const dataDir = path.join(CACHE, dialect === 'sqlite' ? 'sqlite' : 'pg-data-dir');
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const adapters = await createAdapters(loadConfig({ ...env, PUBLIC_URL, API_KEY, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }));
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
  const again = await createAdapters(loadConfig({ ...env, PUBLIC_URL, API_KEY, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }));
  try {
    token = await accessTokenFor(again, BENCH_USER_ID, { expiresIn: '2h' });
  } finally {
    await again.close();
  }
  const headers = { authorization: `Bearer ${token}`, 'x-api-key': API_KEY };
  const server = await startServer(env);
  try {
    const first = await fetch(`${PUBLIC_URL}${SCENARIOS.deepPage}`, { headers });
    if (!first.ok) throw new Error(`The list answered ${first.status}: ${await first.text()}`);
    const out = {} as Record<Scenario, Figures>;
    for (const name of Object.keys(SCENARIOS) as Scenario[]) {
      await load(SCENARIOS[name], headers, 2); // warm-up: caches, JIT
      const cpuBefore = cpuMicros(server.pid!);
      out[name] = await load(SCENARIOS[name], headers, SECONDS);
      const cpuAfter = cpuMicros(server.pid!);
      const answered = out[name].rps * SECONDS;
      if (cpuBefore !== undefined && cpuAfter !== undefined && answered > 0) out[name].serverCpuUs = Math.round((cpuAfter - cpuBefore) / answered);
      emit({ benchmark: 'shootings-list', dialect, scenario: name, connections: CONNECTIONS, ...out[name] });
    }
    return out;
  } finally {
    await stopServer(server);
  }
}

const only = arg('only');
const results: Partial<Record<'sqlite' | 'postgres', Record<Scenario, Figures>>> = {};
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

const s = results.sqlite;
const goalMet = s ? s.firstPage.p95 <= 25 && s.deepPage.p95 <= 50 && s.firstPage.rps >= 0.3 * s.healthz.rps : null;
const cell = (d: string, r?: Record<Scenario, Figures>) =>
  r
    ? `${d}: first p50/p95/p99 ${r.firstPage.p50}/${r.firstPage.p95}/${r.firstPage.p99} ms ${r.firstPage.rps} req/s; offset 10,000 ${r.deepPage.p50}/${r.deepPage.p95}/${r.deepPage.p99} ms ${r.deepPage.rps} req/s; search ${r.search.p50}/${r.search.p95}/${r.search.p99} ms ${r.search.rps} req/s; /healthz ${r.healthz.rps} req/s (list ${Math.round((100 * r.firstPage.rps) / r.healthz.rps)}%); server CPU per request first/deep/search/healthz ${[r.firstPage, r.deepPage, r.search, r.healthz].map((f) => f.serverCpuUs ?? '?').join('/')} µs`
    : '';
emit({ benchmark: 'shootings-list', goalMet });
recordRow(
  'shootings-list',
  `1,000,000 shootings / 2,000 owners, user with 5 owners (25,000 shootings), ${CONNECTIONS} connections, ${SECONDS} s each. ${[cell('SQLite', results.sqlite), cell('PostgreSQL', results.postgres)].filter(Boolean).join('. ')}`,
  goalMet,
);
