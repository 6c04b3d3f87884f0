// `npm run bench -- admin [--users 10000] [--requests 300] [--import 5000]`: the user board (issue 29) on a
// dealer group of 10,000 users, through the app in this process (app.inject: the whole Fastify pipeline, no
// socket) on a fresh DATA_DIR (SQLite, or DATABASE_URL when set). Figures: p50/p95 of the board's list (a
// random page) and of its search (a piece of a name or an e-mail); the time from a deactivation made through
// one API process to the first refusal of the user's token on a second process that had it cached; the time
// of a CSV import of 5,000 new users (validation, one transaction, invitations in the outbox).
// Goals: list and search p95 ≤ 50 ms, deactivation ≤ 5 s, import ≤ 30 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import type { App } from '../apps/server/src/app-types';
import { loadConfig } from '../apps/server/src/config';
import { API_KEY_HEADER } from '../apps/server/src/modules/identity/auth';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { demoUser } from '../apps/server/src/seed/demo-accounts';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { accessTokenFor } from '../apps/server/src/test/auth-helpers';
import { arg } from './lib/args';
import { emit, recordRow } from './lib/report';

const USERS = Number(arg('users') ?? 10_000);
const REQUESTS = Number(arg('requests') ?? 300);
const IMPORT = Number(arg('import') ?? 5000);
const API_KEY = 'bench-api-key-0123456789';
const GIVEN = ['Camille', 'Lucas', 'Inès', 'Hugo', 'Léa', 'Jules', 'Emma', 'Louis', 'Chloé', 'Nathan'];
const FAMILY = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'];

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function timed(app: App, headers: Record<string, string>, urls: string[]) {
  const ms: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    ms.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-admin-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:8197',
    API_KEY,
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const a = await createAdapters(config);
  const b = await createAdapters(config);
  let appA: App | undefined;
  let appB: App | undefined;
  try {
    await seedAccounts(a);
    const now = new Date().toISOString();
    for (let start = 0; start < USERS; start += 500) {
      const rows = Array.from({ length: Math.min(500, USERS - start) }, (_v, k) => {
        const n = start + k;
        return {
          id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          email: `user${n}@bench.forecourt.test`,
          password_hash: null,
          given_name: GIVEN[n % GIVEN.length]!,
          family_name: `${FAMILY[Math.floor(n / GIVEN.length) % FAMILY.length]!}${n}`,
          locale: 'fr',
          group_id: 'grp-demo',
          habilitations: '[]',
          roles: '[]',
          created_at: now,
        };
      });
      await a.db.insertInto('users').values(rows).execute();
      await a.db
        .insertInto('user_owners')
        .values(rows.map((r) => ({ user_id: r.id, owner_id: 'own-demo-paris' })))
        .execute();
    }
    appA = await buildApp(a);
    appB = await buildApp(b);
    const manager = demoUser('manager@demo.forecourt.test');
    const headers = {
      authorization: `Bearer ${await accessTokenFor(a, manager.id, { expiresIn: '1h' })}`,
      [API_KEY_HEADER]: API_KEY,
    };
    const pages = Math.floor(USERS / 25);
    const warm = Array.from({ length: 20 }, (_v, i) => `/api/user-board/users?page=${i}`);
    await timed(appA, headers, warm);
    const list = await timed(
      appA,
      headers,
      Array.from(
        { length: REQUESTS },
        () => `/api/user-board/users?page=${Math.floor(Math.random() * pages)}&pageSize=25`,
      ),
    );
    const queries = [...FAMILY.map((f) => f.slice(1, 5).toLowerCase()), 'user12', 'bench', '@bench', 'camille', '9999'];
    const search = await timed(
      appA,
      headers,
      Array.from(
        { length: REQUESTS },
        (_v, i) => `/api/user-board/users?q=${encodeURIComponent(queries[i % queries.length]!)}&page=0&pageSize=25`,
      ),
    );
    emit({ users: USERS, list_ms: list, search_ms: search });

    // Deactivation: process B has the user's token verified and context kept; A deactivates.
    const sales = demoUser('sales@demo.forecourt.test');
    const salesHeaders = {
      authorization: `Bearer ${await accessTokenFor(a, sales.id, { expiresIn: '1h' })}`,
      [API_KEY_HEADER]: API_KEY,
    };
    const me = () => appB!.inject({ method: 'GET', url: '/api/users/me', headers: salesHeaders });
    if ((await me()).statusCode !== 200 || (await me()).statusCode !== 200) throw new Error('sales cannot call B');
    const started = performance.now();
    const off = await appA.inject({ method: 'POST', url: `/api/user-board/users/${sales.id}/deactivate`, headers });
    if (off.statusCode !== 200) throw new Error(`deactivate: ${off.statusCode}`);
    let status = 200;
    while (status !== 401 && performance.now() - started < 10_000) status = (await me()).statusCode;
    const deactivationMs = round(performance.now() - started);
    emit({ deactivation_ms: deactivationMs, refused: status === 401 });

    // Import of new users.
    const lines = ['email,givenName,familyName,locale,models,options,stocks'];
    for (let n = 0; n < IMPORT; n += 1)
      lines.push(`import${n}@bench.forecourt.test,Imported,User${n},fr,VIDEO;PROCESS,useSendEmail,Demo Motors Paris`);
    const csv = lines.join('\n');
    const importStarted = performance.now();
    const dry = await appA.inject({
      method: 'POST',
      url: '/api/user-board/import?dryRun=true',
      headers,
      payload: { csv },
    });
    const dryMs = round(performance.now() - importStarted);
    const applyStarted = performance.now();
    const applied = await appA.inject({
      method: 'POST',
      url: '/api/user-board/import?dryRun=false',
      headers,
      payload: { csv },
    });
    const applyMs = round(performance.now() - applyStarted);
    if (applied.statusCode !== 200 || !applied.json<{ applied: boolean }>().applied)
      throw new Error(`import: ${applied.statusCode} ${applied.body.slice(0, 300)} (dry run ${dry.statusCode})`);
    emit({ import_lines: IMPORT, dry_run_ms: dryMs, import_ms: applyMs });

    const met = list.p95 <= 50 && search.p95 <= 50 && status === 401 && deactivationMs <= 5000 && applyMs <= 30_000;
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    recordRow(
      'admin',
      `${db}, ${USERS} users in one group, app.inject in-process, ${REQUESTS} requests each at concurrency 1: list (25 a page) p50 ${list.p50} ms, p95 ${list.p95} ms; search p50 ${search.p50} ms, p95 ${search.p95} ms. Deactivation through process A refused on process B (token and context cached there) after ${deactivationMs} ms. CSV import of ${IMPORT} new users: dry run ${round(dryMs / 1000, 2)} s, import with invitations ${round(applyMs / 1000, 2)} s. Machine shared with other engineers (1-min load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
      met,
    );
  } finally {
    await appB?.close();
    await appA?.close();
    await b.close();
    await a.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
