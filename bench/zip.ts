// `npm run bench -- zip [--images N] [--mb-per-image X] [--runs N]`: GET /API/V1/forecourt/shootings/{id}/zip
// of a shooting of 100 images of about 3.5 MB (about 350 MB), against the server started as its own process.
// Figures: MB/s of the download (bytes received / wall time) and the server's peak RSS growth over its
// idle RSS while it streams (sampled from /proc every 20 ms), side by side with the reference: the same
// archive written by storedZip straight from the store in this process, with no HTTP (the ceiling the
// route can reach on this machine). The data set is cached under /tmp.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../apps/server/src/config';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { accessTokenFor } from '../apps/server/src/test/auth-helpers';
import { DEMO_USERS } from '../apps/server/src/seed/demo-accounts';
import { storedZip } from '../apps/server/src/platform/stored-zip';
import { insertImage, insertProductAndShooting } from './lib/bench-shooting';
import { emit, recordRow } from './lib/report';
import { arg } from './lib/args';
import { loopbackServerEnv, startHealthyServer, TSX_API } from './lib/server-process';

const IMAGES = Number(arg('images') ?? 100);
const MB_PER_IMAGE = Number(arg('mb-per-image') ?? 3.5);
const RUNS = Number(arg('runs') ?? 3);
const DATA_DIR = `/tmp/forecourt-bench-zip-${IMAGES}x${MB_PER_IMAGE}`;
const PORT = 8195;
const PUBLIC_URL = `http://127.0.0.1:${PORT}`;
const SHOOTING_ID = '00000000-0000-4000-8000-00000000beef';
const MANAGER = DEMO_USERS.find((u) => u.email === 'manager@demo.forecourt.test')!;
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** A shooting of IMAGES stamped images, each a blob of MB_PER_IMAGE random bytes (JPEGs do not compress either). */
async function prepare(): Promise<string> {
  const adapters = await createAdapters(loadConfig({ DATA_DIR, PUBLIC_URL, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }));
  try {
    await seedAccounts(adapters);
    const exists = await adapters.db
      .selectFrom('shootings')
      .select('id')
      .where('id', '=', SHOOTING_ID)
      .executeTakeFirst();
    if (!exists) {
      const now = new Date().toISOString();
      await insertProductAndShooting(adapters.db, {
        id: SHOOTING_ID,
        productId: 'bench-zip-product',
        vin: 'VF1BENCHZIP000001',
        registration: 'ZI-100-PB',
        brand: 'Renault',
        model: 'Clio',
        format: '4/3',
        createdAt: now,
      });
      const bytes = Math.round(MB_PER_IMAGE * 1024 * 1024);
      for (let p = 1; p <= IMAGES; p++) {
        const key = `shootings/${SHOOTING_ID}/images/${p}.jpg`;
        await adapters.blobs.put(key, randomBytes(bytes), 'image/jpeg');
        await insertImage(adapters.db, {
          id: `bench-zip-${p}`,
          shootingId: SHOOTING_ID,
          position: p,
          type: 'STAMPED',
          blobKey: key,
          format: '4/3',
          bytes,
          createdAt: now,
        });
      }
    }
    return await accessTokenFor(adapters, MANAGER.id, { expiresIn: '1h' });
  } finally {
    await adapters.close();
  }
}

const startServer = () =>
  startHealthyServer({
    args: TSX_API,
    env: { ...loopbackServerEnv(PORT), DATA_DIR },
    baseUrl: PUBLIC_URL,
  });

const rssBytes = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

async function download(
  token: string,
  pid: number,
): Promise<{ mbPerSecond: number; megabytes: number; rssGrowthMb: number }> {
  const idle = rssBytes(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  const t0 = performance.now();
  const res = await fetch(`${PUBLIC_URL}/API/V1/forecourt/shootings/${SHOOTING_ID}/zip?type=STAMPED_WITH_PROCESSES`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok || !res.body) throw new Error(`The archive answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pid));
  return {
    mbPerSecond: round(bytes / 1024 / 1024 / seconds),
    megabytes: round(bytes / 1024 / 1024),
    rssGrowthMb: round((peak - idle) / 1024 / 1024),
  };
}

/** The reference: the archive's bytes from the store through storedZip, consumed in this process. */
async function bareWriter(): Promise<number> {
  const adapters = await createAdapters(loadConfig({ DATA_DIR, PUBLIC_URL, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }));
  try {
    const entries = Array.from({ length: IMAGES }, (_, i) => ({
      name: `${String(i + 1).padStart(3, '0')}-STAMPED.jpg`,
      date: new Date(),
      open: async () => (await adapters.blobs.get(`shootings/${SHOOTING_ID}/images/${i + 1}.jpg`))!.body,
    }));
    const t0 = performance.now();
    let bytes = 0;
    for await (const chunk of storedZip(entries)) bytes += (chunk as Buffer).length;
    return round(bytes / 1024 / 1024 / ((performance.now() - t0) / 1000));
  } finally {
    await adapters.close();
  }
}

const token = await prepare();
const server = await startServer();
const runs: Awaited<ReturnType<typeof download>>[] = [];
try {
  await download(token, server.pid!); // warm-up: page cache, JIT
  for (let i = 0; i < RUNS; i++) {
    runs.push(await download(token, server.pid!));
    emit({ benchmark: 'zip', run: i + 1, images: IMAGES, ...runs.at(-1) });
  }
} finally {
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mbPerSecond = median(runs.map((r) => r.mbPerSecond));
const rssGrowthMb = Math.max(...runs.map((r) => r.rssGrowthMb));
await bareWriter(); // warm-up
const referenceRuns: number[] = [];
for (let i = 0; i < RUNS; i++) referenceRuns.push(await bareWriter());
const referenceMbPerSecond = median(referenceRuns);
const goalMet = mbPerSecond >= 250 && rssGrowthMb < 100;
emit({
  benchmark: 'zip',
  images: IMAGES,
  megabytes: runs[0]!.megabytes,
  medianMbPerSecond: mbPerSecond,
  maxRssGrowthMb: rssGrowthMb,
  referenceMbPerSecond,
  goalMet,
});
recordRow(
  'zip',
  `${IMAGES} images, ${runs[0]!.megabytes} MB archive (stored), ${RUNS} runs: median ${mbPerSecond} MB/s over HTTP (reference, storedZip from the store in process: ${referenceMbPerSecond} MB/s), peak server RSS growth ${rssGrowthMb} MB (goal ≥ 250 MB/s, < 100 MB) — 1-min load average ${os.loadavg()[0]!.toFixed(1)}`,
  goalMet,
);
