// `npm run bench -- seed`: the demo seed on a fresh embedded stack (SQLite and filesystem blobs), as the
// first `npm start` and the end-to-end suite run it. Three runs: cold (an empty render cache: every
// picture, overlay and clip is made), again on the same data (must find everything in place), and warm
// (a new DATA_DIR with the renders of the cold run in the cache, as later starts on the same machine).
// Goal: the cold seed under 60 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { createAdapters, type Adapters } from '../apps/server/src/platform/adapters';
import { RenderCache } from '../apps/server/src/seed/render-cache';
import { seedDemo } from '../apps/server/src/seed/seed-demo';
import { emit, recordRow } from './lib/report';

const GOAL_SECONDS = 60;
const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
const temp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `forecourt-bench-seed-${name}-`));
const cacheDir = temp('cache');
const dirs = [cacheDir];

async function stack(): Promise<Adapters> {
  const dataDir = temp('data');
  dirs.push(dataDir);
  return createAdapters(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
}

/** Wall time, and CPU time of this process (ffmpeg runs as a child and counts in the wall time only). */
async function timed(run: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const cpu = process.cpuUsage(cpu0);
  return { wall: seconds(performance.now() - t0), cpu: seconds((cpu.user + cpu.system) / 1000) };
}

const load = Number(os.loadavg()[0]!.toFixed(1));
const first = await stack();
const second = await stack();
try {
  const cold = await timed(() => seedDemo(first, { renders: new RenderCache(cacheDir) }));
  const again = await timed(() => seedDemo(first, { renders: new RenderCache(cacheDir) }));
  const warm = await timed(() => seedDemo(second, { renders: new RenderCache(cacheDir) }));
  const count = async (table: 'shootings' | 'images' | 'videos') =>
    Number(
      (await first.db.selectFrom(table).select(first.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
  const walk = (dir: string): number[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [fs.statSync(path.join(dir, e.name)).size]));
  const sizes = walk(path.join(first.config.DATA_DIR, 'blobs', 'data'));
  const figures = {
    coldSeconds: cold.wall,
    coldCpuSeconds: cold.cpu,
    againSeconds: again.wall,
    warmSeconds: warm.wall,
    warmCpuSeconds: warm.cpu,
    shootings: await count('shootings'),
    images: await count('images'),
    videos: await count('videos'),
    blobs: sizes.length,
    blobMegabytes: Number((sizes.reduce((s, n) => s + n, 0) / 1024 ** 2).toFixed(1)),
    loadAverageAtStart: load,
  };
  emit({ benchmark: 'seed', ...figures });
  recordRow(
    'seed',
    `cold seed ${figures.coldSeconds} s wall (${figures.coldCpuSeconds} s CPU in-process, ffmpeg not counted), again on the same data ${figures.againSeconds} s, ` +
      `warm (new DATA_DIR, render cache filled) ${figures.warmSeconds} s (${figures.warmCpuSeconds} s CPU); ` +
      `${figures.shootings} shootings, ${figures.images} images, ${figures.videos} videos, ${figures.blobs} blobs (${figures.blobMegabytes} MB); ` +
      `load average ${figures.loadAverageAtStart} at start (machine shared with other work)`,
    figures.coldSeconds < GOAL_SECONDS,
  );
} finally {
  await first.close();
  await second.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
