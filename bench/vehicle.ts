// `npm run bench -- vehicle [--shootings 50] [--requests 300] [--concurrency 1] [--other-shootings 5000]`:
// GET /api/vehicles/{registration} of a vehicle with 50 shootings (photo shootings with a player link seen
// 20 times and rated twice, videos, inspections with a damage), among other shootings of the same stocks,
// against the server started as its own process on a fresh DATA_DIR (SQLite). Figures: p50/p95/p99 of the
// call over 300 requests after a warm-up, the server's CPU time per call, and the body size. Goal: p95 < 50 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { makeVehicleHistory } from '../apps/server/src/modules/vehicles/vehicles.fixtures';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { demoUser } from '../apps/server/src/seed/demo-accounts';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { accessTokenFor } from '../apps/server/src/test/auth-helpers';
import { cpuSecondsOf } from './lib/proc-tree';
import { emit, recordRow } from './lib/report';
import { arg } from './lib/args';
import { loopbackServerEnv, startHealthyServer, stopServer, TSX_API } from './lib/server-process';

const SHOOTINGS = Number(arg('shootings') ?? 50);
const REQUESTS = Number(arg('requests') ?? 300);
const CONCURRENCY = Number(arg('concurrency') ?? 1);
const OTHER_SHOOTINGS = Number(arg('other-shootings') ?? 5000);
const PORT = 8196;
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
const API_KEY = 'bench-api-key-0123456789';
const REGISTRATION = 'VH-050-BE';
const MANAGER = demoUser('manager@demo.forecourt.test');
const OWNERS = ['own-demo-paris', 'own-demo-lyon', 'own-demo-lille'];

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The vehicle, plus other shootings of the manager's stocks (one product each) so the vehicle is a few among many. */
async function prepare(dataDir: string): Promise<string> {
  const adapters = await createAdapters(
    loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, API_KEY, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }),
  );
  try {
    await seedAccounts(adapters);
    await makeVehicleHistory(adapters, {
      ownerId: 'own-demo-paris',
      registration: REGISTRATION,
      shootings: SHOOTINGS,
      views: 20,
      createdBy: MANAGER.id,
    });
    const now = Date.now();
    for (let start = 0; start < OTHER_SHOOTINGS; start += 200) {
      const batch = Array.from({ length: Math.min(200, OTHER_SHOOTINGS - start) }, (_v, k) => {
        const n = start + k;
        const at = new Date(now - n * 600_000).toISOString();
        return { n, at, owner: OWNERS[n % OWNERS.length]!, registration: `OT-${String(n).padStart(5, '0')}` };
      });
      await adapters.db
        .insertInto('products')
        .values(
          batch.map((b) => ({
            id: `bench-p-${b.n}`,
            owner_id: b.owner,
            vin: `VF1BENCH${String(b.n).padStart(9, '0')}`,
            registration: b.registration,
            brand: 'Renault',
            model: 'Clio',
            product_type: 'CAR',
            workflows: '["PHOTO"]',
            photo_state: 'DONE',
            created_at: b.at,
          })),
        )
        .execute();
      await adapters.db
        .insertInto('shootings')
        .values(
          batch.map((b) => ({
            id: `bench-s-${b.n}`,
            product_id: `bench-p-${b.n}`,
            owner_id: b.owner,
            shooting_type: 'STANDARD',
            registration: b.registration,
            remarketing_status: 'FINISHED',
            dms_status: 'NOT_SENT',
            format: '4/3',
            created_at: b.at,
          })),
        )
        .execute();
    }
    return await accessTokenFor(adapters, MANAGER.id, { expiresIn: '1h' });
  } finally {
    await adapters.close();
  }
}

const startServer = (dataDir: string) =>
  startHealthyServer({
    args: TSX_API,
    env: { ...loopbackServerEnv(PORT), DATA_DIR: dataDir, API_KEY },
    baseUrl: PUBLIC_URL,
  });

/** `count` calls, `CONCURRENCY` at a time; each call's time from sending to the whole body read. */
async function run(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<{ times: number[]; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`The vehicle answered ${res.status}: ${Buffer.from(body).toString()}`);
      bytes = body.byteLength;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { times: times.sort((a, b) => a - b), bytes };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-vehicle-'));
try {
  const t0 = performance.now();
  const token = await prepare(dataDir);
  const preparedSeconds = round((performance.now() - t0) / 1000);
  const server = await startServer(dataDir);
  try {
    const headers = { authorization: `Bearer ${token}`, 'x-api-key': API_KEY };
    const url = `${PUBLIC_URL}/api/vehicles/${REGISTRATION}`;
    const first = await (await fetch(url, { headers })).json();
    const events = (first as { events: { kind: string }[] }).events;
    if (events.filter((e) => e.kind === 'SHOOTING').length !== SHOOTINGS)
      throw new Error(`Expected ${SHOOTINGS} shootings, got ${JSON.stringify(first).slice(0, 300)}`);
    await run(url, headers, Math.min(50, REQUESTS)); // warm-up: statement cache, JIT
    const cpuBefore = cpuSecondsOf(server.pid!);
    const { times, bytes } = await run(url, headers, REQUESTS);
    const cpuAfter = cpuSecondsOf(server.pid!);
    const figures = {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      events: events.length,
      kb: round(bytes / 1024),
      // The server's CPU time per call: steadier than latency on a shared machine.
      serverCpuMs:
        cpuBefore !== null && cpuAfter !== null ? round(((cpuAfter - cpuBefore) * 1000) / REQUESTS, 2) : null,
    };
    const goalMet = figures.p95 < 50;
    emit({
      benchmark: 'vehicle',
      shootings: SHOOTINGS,
      otherShootings: OTHER_SHOOTINGS,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      preparedSeconds,
      ...figures,
      goalMet,
    });
    recordRow(
      'vehicle',
      `GET /api/vehicles/{registration}, ${SHOOTINGS} shootings (${events.length} timeline events, ${figures.kb} KB) among ${OTHER_SHOOTINGS} other shootings, SQLite, server in its own process, ${REQUESTS} requests at concurrency ${CONCURRENCY}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, server CPU ${figures.serverCpuMs ?? '?'} ms per call; 1-min load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      goalMet,
    );
  } finally {
    await stopServer(server);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
