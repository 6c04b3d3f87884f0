// `npm run bench -- stamp`: the stamp step of the image pipeline on 200 distinct 8-megapixel JPEGs with a
// 16/9 stamp (1920 × 1080), against a bare sharp resize + composite + encode of the same images at the
// same concurrency; the worker's peak RSS; and, through the HTTP API of a started server, the time from the
// first PUT of a 20-image shooting to its last STAMPED image.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_FLOOR_LEVEL } from '@forecourt/contracts';
import { loadConfig } from '../apps/server/src/config';
import { makeThumbnail } from '../apps/server/src/modules/images/image-render';
import { enqueueRun } from '../apps/server/src/modules/images/pipeline-queue';
import { createRun } from '../apps/server/src/modules/images/images.repo';
import { insertDesignedStamp } from '../apps/server/src/modules/stamps/stamp-versions.repo';
import { createAdapters, type Adapters } from '../apps/server/src/platform/adapters';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { demoUser } from '../apps/server/src/seed/demo-accounts';
import { accessTokenFor } from '../apps/server/src/test/auth-helpers';
import { spawnTs } from '../apps/server/src/test/child-process';
import { insertProductAndShooting, storeOriginal } from './lib/bench-shooting';
import { cpuSecondsOf } from './lib/proc-tree';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGES = 200;
const SHOOTING_IMAGES = 20;
const [WIDTH, HEIGHT] = [3264, 2448]; // 7.99 MP, below the 3840 × 2160 pixel limit, like an 8 MP camera
const STAMP = { width: 1920, height: 1080 };
const UPLOADS_AT_ONCE = 3; // as the portal does
const MANAGER = demoUser('manager@demo.forecourt.test');
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** Distinct photo-like JPEGs (smooth random colour fields), made once and kept between runs. */
async function photos(): Promise<string[]> {
  const dir = path.join(os.tmpdir(), `forecourt-bench-stamp-${WIDTH}x${HEIGHT}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = Array.from({ length: IMAGES }, (_, i) => path.join(dir, `${i}.jpg`));
  for (const [i, file] of files.entries()) {
    if (fs.existsSync(file)) continue;
    const field = await sharp({
      create: {
        width: WIDTH / 8,
        height: HEIGHT / 8,
        channels: 3,
        background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    fs.writeFileSync(
      file,
      await sharp(field).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).jpeg({ quality: 88 }).toBuffer(),
    );
  }
  return files;
}

/** A frame overlay: transparent centre, opaque bands top and bottom, a logo block. */
async function overlay(): Promise<Buffer> {
  const band = (h: number) =>
    sharp({ create: { width: STAMP.width, height: h, channels: 4, background: { r: 20, g: 40, b: 120, alpha: 0.9 } } })
      .png()
      .toBuffer();
  const logo = await sharp({
    create: { width: 300, height: 120, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: STAMP.width, height: STAMP.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      { input: await band(90), top: 0, left: 0 },
      { input: await band(110), top: STAMP.height - 110, left: 0 },
      { input: logo, top: 20, left: 40 },
    ])
    .png()
    .toBuffer();
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A fresh data dir with the demo accounts and one 16/9 stamp of the demo group. */
async function prepare(
  env: Record<string, string> = {},
): Promise<{ adapters: Adapters; dataDir: string; stampId: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-stamp-data-'));
  const adapters = await createAdapters(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', ...env }),
  );
  await seedAccounts(adapters);
  const stampId = adapters.ids.uuid();
  await adapters.blobs.put(`stamps/${stampId}/overlay.png`, await overlay(), 'image/png');
  // The configuration a stamp without one is read with; the stamp step does not crop.
  await insertDesignedStamp(adapters.db, {
    id: stampId,
    groupId: MANAGER.groupId,
    name: 'Bench 16/9',
    format: '16/9',
    ...STAMP,
    version: 1,
    overlayKey: `stamps/${stampId}/overlay.png`,
    design: null,
    croppingType: 'CROPPING',
    backgroundKey: null,
    blurringValue: 0,
    floorLevel: DEFAULT_FLOOR_LEVEL,
    createdAt: new Date().toISOString(),
  });
  return { adapters, dataDir, stampId };
}

/** The bare operation: the same resize, overlay and JPEG settings with nothing around them. */
async function bare(files: string[], concurrency: number, ov: Buffer): Promise<Rates> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await pool(files, concurrency, async (file) => {
    await sharp(await fs.promises.readFile(file))
      .resize(STAMP.width, STAMP.height, { fit: 'cover' })
      .composite([{ input: ov }])
      .jpeg({ quality: 85, chromaSubsampling: '4:2:0' })
      .toBuffer();
  });
  const cpu = process.cpuUsage(cpu0);
  return {
    perSecond: IMAGES / ((performance.now() - t0) / 1000),
    perCpuSecond: IMAGES / ((cpu.user + cpu.system) / 1e6),
  };
}

interface Rates {
  /** Images per second of wall time: what this (shared) machine gave. */
  perSecond: number;
  /** Images per second of the process's own CPU time: what an otherwise idle machine would give. */
  perCpuSecond: number;
}

/** The pipeline's stamp jobs run by a real worker process over 200 ORIGINAL images of one shooting. */
async function pipeline(files: string[]): Promise<Rates & { peakRssMb: number }> {
  const { adapters, dataDir, stampId } = await prepare();
  const now = new Date().toISOString();
  const productId = adapters.ids.uuid();
  const shootingId = adapters.ids.uuid();
  await insertProductAndShooting(adapters.db, {
    id: shootingId,
    productId,
    vin: `Virtual_${productId}`,
    registration: 'BE-NCH-01',
    productType: 'VIRTUAL',
    status: 'UPLOADING',
    stampId,
    format: '16/9',
    createdBy: MANAGER.id,
    createdAt: now,
  });
  const imageIds: string[] = [];
  for (const [position, file] of files.entries()) {
    const bytes = fs.readFileSync(file);
    // As registration leaves them: the original and its thumbnail.
    imageIds.push(
      await storeOriginal(adapters, {
        shootingId,
        position,
        file: bytes,
        thumbnail: await makeThumbnail(bytes),
        format: '16/9',
        stampId,
        width: WIDTH,
        height: HEIGHT,
        bytes: 0,
        createdAt: now,
      }),
    );
  }
  const runId = adapters.ids.uuid();
  // The jobs are queued below, once the worker is polling, so the timing starts with them.
  await createRun(
    adapters.db,
    shootingId,
    {
      id: runId,
      stampId,
      kind: 'STAMP',
      items: imageIds.map((sourceImageId) => ({ sourceImageId, targetType: 'STAMPED' })),
    },
    now,
    async () => undefined,
  );

  const worker = spawnTs(path.join(root, 'bench/lib/stamp-worker.ts'), [], {
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
  });
  let peakKb = 0;
  try {
    await worker.printed(/stamp worker polling/);
    // NaN, not 0, were the worker gone (it runs until the finally below).
    const cpu0 = cpuSecondsOf(worker.child.pid!) ?? NaN;
    await enqueueRun(adapters.queue, runId, imageIds);
    const finished = () =>
      adapters.db.selectFrom('pipeline_runs').select('finished_at').where('id', '=', runId).executeTakeFirstOrThrow();
    await waitFor(async () => {
      if (worker.child.exitCode !== null) throw new Error(`The worker stopped: ${worker.output.join('\n')}`);
      const status = fs.readFileSync(`/proc/${worker.child.pid}/status`, 'utf8');
      peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Boolean((await finished()).finished_at);
    }, 30 * 60_000);
    const jobs = await adapters.db
      .selectFrom('jobs')
      .select(['started_at', 'finished_at'])
      .where('name', '=', 'images.stamp')
      .execute();
    const start = Math.min(...jobs.map((j) => Date.parse(j.started_at!)));
    const end = Math.max(...jobs.map((j) => Date.parse(j.finished_at!)));
    return {
      perSecond: IMAGES / ((end - start) / 1000),
      perCpuSecond: IMAGES / ((cpuSecondsOf(worker.child.pid!) ?? NaN) - cpu0),
      peakRssMb: peakKb / 1024,
    };
  } finally {
    worker.child.kill('SIGTERM');
    await worker.exited;
    await adapters.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A started server (API and worker in one process, as `npm start` runs it); a 20-image shooting sent as the portal sends it. */
async function httpShooting(files: string[]): Promise<{ totalS: number; uploadS: number; registerS: number }> {
  const port = 18105;
  const baseUrl = `http://127.0.0.1:${port}`;
  const { adapters, dataDir, stampId } = await prepare({ PUBLIC_URL: baseUrl });
  const server = spawnTs(path.join(root, 'apps/server/src/main.ts'), [], {
    DATA_DIR: dataDir,
    DEMO_SEED: 'false',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
  });
  try {
    await waitFor(async () => {
      if (server.child.exitCode !== null) throw new Error(`The server stopped: ${server.output.join('\n')}`);
      return (await fetch(`${baseUrl}/healthz`).catch(() => null))?.status === 200;
    }, 120_000);
    const headers = {
      authorization: `Bearer ${await accessTokenFor(adapters, MANAGER.id)}`,
      'x-api-key': adapters.config.API_KEY,
      'content-type': 'application/json',
    };
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
    };
    const product = (await post('/api/products/virtuals', {
      vin: `Virtual_${crypto.randomUUID()}`,
      ownerId: 'own-demo-paris',
      registration: 'BE-NCH-20',
      workflows: ['PHOTO', 'VIDEO'],
    }))!;
    const productId = product.id as string;
    const chosen = files.slice(0, SHOOTING_IMAGES);
    const presigned = (await post(`/api/products/${productId}/shootings/generate_presigned_urls`, {
      images: chosen.map(() => ({ id: crypto.randomUUID(), contentType: 'image/jpeg' })),
    }))!.images as { presignedUrl: string; url: string }[];
    const bodies = chosen.map((f) => fs.readFileSync(f));
    const t0 = performance.now();
    await pool([...presigned.keys()], UPLOADS_AT_ONCE, async (n) => {
      const res = await fetch(`${baseUrl}${presigned[n]!.presignedUrl}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: bodies[n],
      });
      if (res.status !== 200) throw new Error(`PUT ${res.status}`);
    });
    const uploaded = performance.now();
    const shooting = (await post(`/api/owners/own-demo-paris/products/${productId}/shootings`, {
      images: presigned.map((p, order) => ({ url: p.url, order, imageType: 'ORIGINAL', format: '16/9', stampId })),
      userId: MANAGER.id,
      shootingType: 'standard',
    }))!;
    const registered = performance.now();
    await post(`/api/products/${productId}/workflows/PHOTO/done`, { ownerId: 'own-demo-paris' });
    await waitFor(async () => {
      const rows = await adapters.db
        .selectFrom('images')
        .select('id')
        .where('shooting_id', '=', shooting.id as string)
        .where('image_type', '=', 'STAMPED')
        .execute();
      return rows.length === SHOOTING_IMAGES;
    }, 10 * 60_000);
    const done = performance.now();
    return { totalS: (done - t0) / 1000, uploadS: (uploaded - t0) / 1000, registerS: (registered - uploaded) / 1000 };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await adapters.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const files = await photos();
const concurrency = loadConfig({}).WORKER_CONCURRENCY;
const ov = await overlay();
const bareRates = await bare(files, concurrency, ov);
const pipe = await pipeline(files);
const ratio = pipe.perSecond / bareRates.perSecond;
const cpuRatio = pipe.perCpuSecond / bareRates.perCpuSecond;
emit({
  images: IMAGES,
  size: `${WIDTH}x${HEIGHT}`,
  stamp: `${STAMP.width}x${STAMP.height}`,
  concurrency,
  pipelineImagesPerSecond: round(pipe.perSecond),
  bareImagesPerSecond: round(bareRates.perSecond),
  ratio: round(ratio),
  pipelineImagesPerCpuSecond: round(pipe.perCpuSecond),
  bareImagesPerCpuSecond: round(bareRates.perCpuSecond),
  cpuRatio: round(cpuRatio),
  workerPeakRssMb: round(pipe.peakRssMb, 0),
});
const http = await httpShooting(files);
emit({
  shootingImages: SHOOTING_IMAGES,
  firstPutToLastStampedS: round(http.totalS),
  uploadS: round(http.uploadS),
  registrationS: round(http.registerS),
});

const load = os.loadavg()[0]!.toFixed(1);
// On a shared machine wall-clock rates follow the other processes' load; the CPU-time ratio does not.
const goalMet = cpuRatio >= 0.9 && pipe.peakRssMb < 500 && http.totalS < 15;
recordRow(
  'stamp',
  `${IMAGES} distinct ${WIDTH}×${HEIGHT} JPEGs → 16/9 stamp ${STAMP.width}×${STAMP.height}, worker concurrency ${concurrency}: pipeline stamp step ${round(pipe.perSecond)} img/s vs bare sharp ${round(bareRates.perSecond)} img/s, ratio ${round(ratio)} (per CPU-second ${round(pipe.perCpuSecond)} vs ${round(bareRates.perCpuSecond)}, ratio ${round(cpuRatio)}); worker peak RSS ${round(pipe.peakRssMb, 0)} MB; ${SHOOTING_IMAGES}-image shooting over HTTP, first PUT → last STAMPED ${round(http.totalS)} s (uploads ${round(http.uploadS)} s, registration ${round(http.registerS)} s); load average ${load} at the end (machine shared)`,
  goalMet,
);
