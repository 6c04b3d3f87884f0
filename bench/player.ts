// `npm run bench -- player`: the public player of a 36-frame shooting, on the production build served by
// `npm start` (a fresh DATA_DIR, no demo seed). Figures: Lighthouse performance score, LCP, TBT and CLS
// with the desktop and the mobile presets; the JavaScript the player route loads (gzip); the time to the
// first spin frame and to all 36 frames on loopback, with the frame variants made on demand (cold) and
// from their cache (warm); Lighthouse runs once every WebP variant is made, as for a reference given out
// through the API (prepareVariants). Goals: score ≥ 95 desktop and ≥ 90 mobile, LCP < 1.5 s desktop,
// JS ≤ 200 KB gzip, first frame < 1 s, all frames < 3 s.
// `--lhr DIR` saves each Lighthouse report there as JSON (player-desktop.json, player-mobile.json), to read
// its diagnostics (LCP element and phases, boot-up time, unused JavaScript).
// `--entry FILE` runs that server bundle instead of `npm start` (with WEB_DIST from the environment), for
// a build kept aside while the working tree is being edited.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config';
import { getOrCreateRef } from '../apps/server/src/modules/players/players.repo';
import { makeShooting } from '../apps/server/src/modules/players/players.fixtures';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { demoUser } from '../apps/server/src/seed/demo-accounts';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { FRAME_WIDTHS, playerFramePath } from '@forecourt/contracts/player-media';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRAMES = 36;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const entryArg = process.argv.indexOf('--entry');
const lhrArg = process.argv.indexOf('--lhr');
const LHR_DIR = lhrArg === -1 ? null : path.resolve(process.argv[lhrArg + 1] ?? '');
const ENTRY = entryArg === -1 ? path.join(root, 'scripts/start.mjs') : path.resolve(process.argv[entryArg + 1] ?? '');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** One frame of a synthetic car turning on a showroom floor: as compressible as a real photo, roughly. */
function frameSvg(i: number): string {
  const a = (i / FRAMES) * 2 * Math.PI;
  const len = 700 + 250 * Math.abs(Math.cos(a));
  const x = 960 - len / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
  <defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f4"/><stop offset="1" stop-color="#9aa3ad"/></linearGradient>
  <linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c0c6cc"/><stop offset="${0.3 + 0.4 * Math.abs(Math.sin(a))}" stop-color="#5d6670"/><stop offset="1" stop-color="#2b3036"/></linearGradient></defs>
  <rect width="1920" height="1080" fill="url(#w)"/>
  ${Array.from({ length: 12 }, (_v, k) => `<rect x="${k * 170}" y="120" width="150" height="520" fill="#fff" opacity="0.35"/>`).join('')}
  <rect y="700" width="1920" height="380" fill="#7d858e"/>
  <ellipse cx="960" cy="860" rx="${len / 2 + 60}" ry="40" fill="#333" opacity="0.45"/>
  <path d="M${x} 800 Q${x + 20} 640 ${x + len * 0.25} 620 L${x + len * 0.35} 520 Q${x + len * 0.5} 480 ${x + len * 0.7} 520 L${x + len * 0.85} 620 Q${x + len} 640 ${x + len} 800 Z" fill="url(#b)"/>
  <rect x="${x + len * 0.38}" y="540" width="${len * 0.28}" height="70" rx="12" fill="#1e2a36" opacity="0.85"/>
  <circle cx="${x + len * 0.2}" cy="810" r="70" fill="#1a1a1a"/><circle cx="${x + len * 0.2}" cy="810" r="38" fill="#b8bec5"/>
  <circle cx="${x + len * 0.8}" cy="810" r="70" fill="#1a1a1a"/><circle cx="${x + len * 0.8}" cy="810" r="38" fill="#b8bec5"/>
  <text x="60" y="1040" font-family="sans-serif" font-size="40" fill="#222">Demo Motors · frame ${i + 1}</text></svg>`;
}

async function seed(dataDir: string, publicUrl: string): Promise<string> {
  const adapters = await createAdapters(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' }));
  try {
    await seedAccounts(adapters);
    const manager = demoUser('manager@demo.forecourt.test').id;
    const { shootingId, imageIds } = await makeShooting(adapters, {
      ownerId: 'own-demo-paris',
      createdBy: manager,
      images: Array.from({ length: FRAMES }, (_v, i) => ({
        position: i + 1,
        type: 'STAMPED',
        width: 1920,
        height: 1080,
      })),
    });
    // The factory's flat colours compress too well: put realistic frames in their place.
    const rows = await adapters.db
      .selectFrom('images')
      .select(['id', 'blob_key', 'position'])
      .where('id', 'in', imageIds)
      .execute();
    for (const row of rows) {
      const jpeg = await sharp(Buffer.from(frameSvg(row.position - 1)))
        .jpeg({ quality: 88 })
        .toBuffer();
      await adapters.blobs.put(row.blob_key, jpeg, 'image/jpeg');
    }
    return await getOrCreateRef(adapters.db, {
      shootingId,
      marketplace: 'FORECOURT',
      newRef: adapters.ids.token(),
      userId: manager,
      now: new Date().toISOString(),
    });
  } finally {
    await adapters.close();
  }
}

async function startServer(env: Record<string, string>, baseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 3000; i++) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (child.exitCode !== null) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The server did not answer /healthz');
}

/** Loads the player in a fresh browser context; times come from the spin's own performance marks. */
async function spinTimes(url: string, viewport: { width: number; height: number }) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const scripts: Buffer[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        void res.body().then(
          (b) => scripts.push(b),
          () => undefined,
        );
    });
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('spin:all-frames').length > 0, undefined, {
      timeout: 120_000,
    });
    await page.waitForLoadState('networkidle');
    const marks = await page.evaluate(() => ({
      first: performance.getEntriesByName('spin:first-frame')[0]!.startTime,
      all: performance.getEntriesByName('spin:all-frames')[0]!.startTime,
    }));
    return {
      firstFrameMs: round(marks.first),
      allFramesMs: round(marks.all),
      jsGzipKb: round(scripts.reduce((n, b) => n + gzipSync(b).length, 0) / 1024, 1),
      scripts: scripts.length,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Makes every WebP variant of the player's frames, as `players.prepare-frames` does for a reference given
 * out through the API (the seed makes its reference directly, without that job). Without this the mobile
 * run (its own variant width) would measure the page while the server, on the same two cores, resizes
 * 35 frames on demand: a visitor's phone never pays for that.
 */
async function prepareVariants(baseUrl: string, ref: string) {
  const options = (await (await fetch(`${baseUrl}/api/external/legacy/players/${ref}/options`)).json()) as {
    frames: { version: string }[];
  };
  for (const [index, frame] of options.frames.entries()) {
    for (const width of FRAME_WIDTHS) {
      const res = await fetch(`${baseUrl}${playerFramePath(ref, index, frame, width, 'webp')}`);
      if (!res.ok) throw new Error(`frame ${index} at ${width} px: ${res.status}`);
      await res.arrayBuffer();
    }
  }
}

async function runLighthouse(url: string, preset: 'desktop' | 'mobile') {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    if (LHR_DIR) fs.writeFileSync(path.join(LHR_DIR, `player-${preset}.json`), JSON.stringify(lhr));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: round(audit('largest-contentful-paint')),
      tbtMs: round(audit('total-blocking-time')),
      cls: round(audit('cumulative-layout-shift'), 3),
    };
  } finally {
    await chrome.kill();
  }
}

const loadAtStart = os.loadavg()[0] ?? 0;
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-player-'));
let server: ChildProcess | null = null;
try {
  const ref = await seed(dataDir, baseUrl);
  server = await startServer(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    baseUrl,
  );
  const url = `${baseUrl}/public/player/${ref}`;
  const desktopViewport = { width: 1350, height: 940 };
  const cold = await spinTimes(url, desktopViewport);
  emit({ benchmark: 'player', run: 'cold variants, desktop viewport', ...cold });
  const warm = await spinTimes(url, desktopViewport);
  emit({ benchmark: 'player', run: 'warm variants, desktop viewport', ...warm });
  const phone = await spinTimes(url, { width: 412, height: 823 });
  emit({ benchmark: 'player', run: 'warm variants, phone viewport', ...phone });
  await prepareVariants(baseUrl, ref);
  const desktop = await runLighthouse(url, 'desktop');
  emit({ benchmark: 'player', lighthouse: 'desktop', ...desktop });
  const mobile = await runLighthouse(url, 'mobile');
  emit({ benchmark: 'player', lighthouse: 'mobile', ...mobile });

  const goalMet =
    desktop.score >= 95 &&
    mobile.score >= 90 &&
    desktop.lcpMs < 1500 &&
    warm.jsGzipKb <= 200 &&
    warm.firstFrameMs < 1000 &&
    warm.allFramesMs < 3000;
  emit({ benchmark: 'player', goalMet });
  recordRow(
    'player',
    [
      `Lighthouse desktop ${desktop.score} (LCP ${desktop.lcpMs} ms, TBT ${desktop.tbtMs} ms, CLS ${desktop.cls})`,
      `mobile ${mobile.score} (LCP ${mobile.lcpMs} ms, TBT ${mobile.tbtMs} ms, CLS ${mobile.cls}), every WebP variant made beforehand as players.prepare-frames does`,
      `player route JS ${warm.jsGzipKb} KB gzip in ${warm.scripts} files`,
      `${FRAMES} frames on loopback: first ${warm.firstFrameMs} ms, all ${warm.allFramesMs} ms (variants cached; made on demand: first ${cold.firstFrameMs} ms, all ${cold.allFramesMs} ms; phone: first ${phone.firstFrameMs} ms, all ${phone.allFramesMs} ms)`,
      `taken on a shared machine under load (1-min load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores)${entryArg === -1 ? '' : ', served from a build kept aside (--entry)'}`,
    ].join('; '),
    goalMet,
  );
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
