// `npm run bench -- reports`: generates each report (damages, VHC, trade-in) of a shooting with 30 photos
// of 1600x1200 pixels (data load, photos shrunk for print, PDF render, blob write). The first report of the shooting shrinks the 30
// photos ("cold"); every other one, in each of the 10 languages, reuses their print copies. The generation
// runs in a process of its own, built and run as production runs it (bench/lib/reports-process.ts), once
// in each role that generates reports: the worker (`reports.refresh` jobs), the API (the report calls,
// which generate a missing report before answering) and both in one process (`npm start`). So its peak RSS is that of a production process that
// generates reports: not that of building the test photos, nor of tsx compiling TypeScript. Goal: under
// 1 s per report and under 200 MB RSS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { createTestAdapters } from '../apps/server/src/test/test-adapters';
import { insertImage, insertProductAndShooting } from './lib/bench-shooting';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PHOTOS = 30;

/** A photo-like JPEG: a gradient with grain, so that it compresses like a real picture (~250 KB). */
const photo = (i: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: (i * 37) % 256, g: 110, b: 170 },
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

const SHOOTING_ID = 'bench-shooting';

/** Writes the shooting, its 30 photos and its inspection data into a fresh data folder. */
async function prepare(): Promise<string> {
  const adapters = await createTestAdapters();
  await seedAccounts(adapters);
  const { db, blobs, clock } = adapters;
  const now = clock.now().toISOString();
  const shootingId = SHOOTING_ID;
  await insertProductAndShooting(db, {
    id: shootingId,
    productId: 'bench-product',
    vin: 'VF1RFB00067123456',
    registration: 'AB-123-CD',
    brand: 'Renault',
    model: 'Mégane',
    workflows: '[]',
    type: 'INSPECTION_REPAIR_ORDER',
    createdAt: now,
  });
  for (let i = 0; i < PHOTOS; i++) {
    const key = `shootings/${shootingId}/images/img-${i}.jpg`;
    await blobs.put(key, await photo(i), 'image/jpeg');
    await insertImage(db, {
      id: `img-${i}`,
      shootingId,
      position: i + 1,
      type: 'ORIGINAL',
      blobKey: key,
      createdAt: now,
    });
  }
  await db
    .insertInto('inspections')
    .values({
      shooting_id: shootingId,
      currency: 'EUR',
      overall_condition: 'FAIR',
      repair_order_number: 'OR-1',
      mileage: 84210,
      customer_name: 'Jan Kowalski',
      workshop_video_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const zones = ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'ROOF'] as const;
  const ratings = ['RED', 'AMBER', 'GREEN'] as const;
  for (let i = 0; i < 10; i++) {
    await db
      .insertInto('inspection_damages')
      .values({
        id: `d-${i}`,
        shooting_id: shootingId,
        position: i,
        zone: zones[i % 5]!,
        kind: 'SCRATCH',
        severity: 'MINOR',
        image_id: `img-${i}`,
        note: 'Rayure légère sur la peinture',
        estimated_cost_cents: 12_000 + i * 1000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('health_check_items')
      .values({
        id: `h-${i}`,
        shooting_id: shootingId,
        position: i,
        category: 'BRAKES',
        label: `Point ${i + 1}`,
        rating: ratings[i % 3]!,
        parts_price_cents: 8000,
        labour_price_cents: 4000,
        decision: i % 2 ? 'ACCEPTED' : 'PENDING',
        note: '',
        image_id: `img-${i + 10}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db
    .insertInto('trade_in_offers')
    .values({
      id: 'offer',
      shooting_id: shootingId,
      amount_cents: 1_250_000,
      valid_until: '2030-06-30',
      conditions: 'Sous réserve du contrôle technique',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await adapters.close();
  return adapters.dataDir;
}

/**
 * Bundles the generating process (bench/lib/reports-process.ts) with the options scripts/build.mjs gives
 * the server bundle (node packages left external, chunks split at dynamic imports), so it runs compiled
 * code as production does, not tsx compiling TypeScript on the fly. Written under the root node_modules,
 * from which the external packages resolve.
 */
async function buildProcess(): Promise<string> {
  fs.mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  const outdir = fs.mkdtempSync(path.join(root, 'node_modules/.cache/bench-reports-'));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  await build({
    // The PDFs are laid out in worker threads whose entry the server bundle has beside its chunks.
    entryPoints: {
      'reports-process': path.join(root, 'bench/lib/reports-process.ts'),
      'report-render': path.join(root, 'apps/server/src/modules/reports/report-render.thread.ts'),
    },
    outdir,
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies ?? {}),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return outdir;
}

interface Figures {
  role: Role;
  coldMs: number;
  coldCpuMs: number;
  kinds: { kind: string; runs: number; medianMs: number; maxMs: number; pdfKB: number }[];
  baselineRssMB: number;
  peakRssMB: number;
}

type Role = 'worker' | 'api' | 'all';
const ROLES: Role[] = ['worker', 'api', 'all'];
const SHOOTING_PATH = `/api/owners/own-demo-paris/products/bench-product/shootings/${SHOOTING_ID}`;

/** Generates every report in a process of the role, on a copy of the prepared data (nothing generated yet). */
function measure(outdir: string, prepared: string, role: Role): Figures {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `forecourt-bench-reports-${role}-`));
  try {
    fs.cpSync(prepared, dataDir, { recursive: true });
    const child = spawnSync(process.execPath, [path.join(outdir, 'reports-process.js'), role, SHOOTING_PATH], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false' },
    });
    if (child.status !== 0) throw new Error(`The ${role} process failed: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split('\n').pop()!) as Figures;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const outdir = await buildProcess();
  const prepared = await prepare().catch((err: unknown) => {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw err;
  });
  try {
    const load = os.loadavg()[0]!.toFixed(1);
    const results = ROLES.map((role) => measure(outdir, prepared, role));
    for (const r of results) {
      emit({
        benchmark: 'reports',
        role: r.role,
        photos: PHOTOS,
        firstReportColdMs: r.coldMs,
        firstReportCpuMs: r.coldCpuMs,
      });
      for (const k of r.kinds) emit({ benchmark: 'reports', role: r.role, photos: PHOTOS, ...k });
      emit({ benchmark: 'reports', role: r.role, baselineRssMB: r.baselineRssMB, peakRssMB: r.peakRssMB });
    }
    const worst = Math.max(...results.flatMap((r) => [r.coldMs, ...r.kinds.map((k) => k.maxMs)]));
    recordRow(
      'reports',
      `${PHOTOS} photos of 1600×1200, production build (esbuild bundle, plain node); ` +
        results
          .map(
            (r) =>
              `${r.role} process: first report of the shooting (photos shrunk) ${r.coldMs} ms (${r.coldCpuMs} ms CPU); ` +
              r.kinds
                .map((k) => `${k.kind} ×${k.runs} languages: median ${k.medianMs} ms, max ${k.maxMs} ms, ${k.pdfKB} KB`)
                .join('; ') +
              `; peak RSS ${r.peakRssMB} MB (${r.baselineRssMB} MB before the first report)`,
          )
          .join(' — ') +
        ` — 1-min load average ${load} on ${os.cpus().length} cores at the start (machine shared with other engineers)`,
      worst < 1000 && results.every((r) => r.peakRssMB < 200),
    );
  } finally {
    fs.rmSync(prepared, { recursive: true, force: true });
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

await main();
