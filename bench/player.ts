// `npm run bench -- player`: the public player of a 36-frame shooting, on the production build served by
// `npm start` (a fresh DATA_DIR, no demo seed), opened by its plain link (/public/player/{ref}) and by a
// recipient's personal link (/p/{ref}/{token}, issue 31), with every WebP variant made beforehand as
// `players.prepare-frames` does for a reference given out through the API.
// Figures (issue 33 point 5, issue 31):
// - Lighthouse 12's mobile preset (simulated slow 4G and 4× CPU, Moto G Power screen) RUNS times on
//   each link (default 5): every score, the min, and LCP, TBT, CLS of each run. Goal: ≥ 95 on every run.
// - The spin on the bench's phone profile: Chromium emulating Lighthouse's phone (412 × 823 CSS px at
//   1.75, touch, mobile user agent) with its CPU slowed 4× (DevTools' CPU throttling, as Lighthouse's
//   preset assumes), on loopback: the first frame on screen (the page's largest paint, which is that
//   frame), the spin ready to turn (its first frame loaded by its code), all 36 frames ready. Goals:
//   first frame < 0.8 s, all frames < 2 s, on every run.
// - The JavaScript the player loads (gzip), and the engagement beacon's share of it: its two modules
//   (engagement-beacon.ts, engagement-notice.tsx and the contract constants they use) minified by esbuild
//   with React and i18next left out, gzip. Goal ≤ 3 KB.
// The 1-minute load average is read before each Lighthouse run: on a shared machine the CPU others use
// slows every task the simulation multiplies by 4.
// Options: `--runs N` (Lighthouse runs per link), `--lhr DIR` (each Lighthouse report as JSON, and the trace
// of each link's worst run, to read its diagnostics), `--entry FILE` (run that server bundle instead of
// `npm start`, with WEB_DIST from the environment, for a build kept aside), `--no-record`.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'esbuild';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config';
import { getOrCreateRef } from '../apps/server/src/modules/players/players.repo';
import { makeShooting } from '../apps/server/src/modules/players/players.fixtures';
import { insertRecipient } from '../apps/server/src/modules/recipients/recipients.repo';
import { INLINE_FRAME_WIDTH } from '../apps/server/src/modules/players/player-page';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { demoUser } from '../apps/server/src/seed/demo-accounts';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { FRAME_WIDTHS, playerFramePath } from '@forecourt/contracts/player-media';
import { CHROMIUM_ARGS } from '../e2e/support/env';
import { emit, recordRow } from './lib/report';
import { startHealthyServer } from './lib/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FRAMES = 36;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? null : (process.argv[i + 1] ?? '');
};
const RUNS = Number(arg('--runs') ?? 5);
const SPIN_RUNS = 3;
const LHR_DIR = arg('--lhr') === null ? null : path.resolve(arg('--lhr')!);
const ENTRY = arg('--entry') === null ? path.join(root, 'scripts/start.mjs') : path.resolve(arg('--entry')!);
const load1 = () => round(os.loadavg()[0] ?? 0, 1);

/** Lighthouse 12's mobile preset's device (lighthouse/core/config/constants.js: screenEmulationMetrics.mobile). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36',
};
const PHONE_CPU_SLOWDOWN = 4;

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

/** A shooting of 36 frames, its player reference, and a recipient's personal link to it. */
async function seed(dataDir: string, publicUrl: string): Promise<{ ref: string; token: string }> {
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
    const now = new Date().toISOString();
    const ref = await getOrCreateRef(adapters.db, {
      shootingId,
      marketplace: 'FORECOURT',
      newRef: adapters.ids.token(),
      userId: manager,
      now,
    });
    const token = adapters.ids.token();
    await insertRecipient(adapters.db, {
      token,
      ref,
      channel: 'EMAIL',
      name: 'Bench Recipient',
      email: 'recipient@example.test',
      phone: null,
      senderId: manager,
      createdAt: now,
    });
    return { ref, token };
  } finally {
    await adapters.close();
  }
}

// `npm start` builds what is not built yet before it listens: up to 5 minutes.
const startServer = (env: Record<string, string>, baseUrl: string) =>
  startHealthyServer({ args: [ENTRY], env, baseUrl, polls: 3000 });

/**
 * Makes the WebP variants a phone asks for (412 CSS px at 1.75: the 768 px one), as `players.prepare-frames`
 * does, with every other width, for a reference given out through the API (the seed makes its reference
 * directly, without that job). Without this the runs would measure the page while the server, on the same
 * two cores, resizes 35 frames on demand: a visitor's phone never pays for that.
 */
async function prepareVariants(baseUrl: string, ref: string) {
  const options = (await (await fetch(`${baseUrl}/api/external/legacy/players/${ref}/options`)).json()) as {
    frames: { version: string }[];
  };
  for (const [index, frame] of options.frames.entries()) {
    for (const width of FRAME_WIDTHS.filter((w) => w === INLINE_FRAME_WIDTH)) {
      const res = await fetch(`${baseUrl}${playerFramePath(ref, index, frame, width, 'webp')}`);
      if (!res.ok) throw new Error(`frame ${index} at ${width} px: ${res.status}`);
      await res.arrayBuffer();
    }
  }
}

type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/**
 * Opens the player in a fresh context on the bench's phone profile. Times from navigation start: the
 * first frame on screen (the largest paint, checked to be the frame), the spin's own marks (first frame
 * loaded by its code, all frames ready), and the scripts the page loaded.
 */
async function spinOnPhone(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { t: number; frame: boolean }[] };
      w.__lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const el = e.element;
          // The static first frame the page carries, or the spin's own image.
          const frame = Boolean(el?.closest('#player-static-frame') || el?.closest('[role="slider"]'));
          w.__lcp.push({ t: e.startTime, frame });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
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
      timeout: 60_000,
    });
    const marks = await page.evaluate(() => {
      const lcp = (window as unknown as { __lcp: { t: number; frame: boolean }[] }).__lcp;
      const shown = lcp.find((e) => e.frame);
      return {
        shown: shown?.t ?? NaN,
        ready: performance.getEntriesByName('spin:first-frame')[0]!.startTime,
        all: performance.getEntriesByName('spin:all-frames')[0]!.startTime,
      };
    });
    return {
      firstFrameMs: round(marks.shown),
      spinReadyMs: round(marks.ready),
      allFramesMs: round(marks.all),
      jsGzipKb: round(scripts.reduce((n, b) => n + gzipSync(b).length, 0) / 1024, 1),
      scripts: scripts.length,
    };
  } finally {
    await context.close();
  }
}

interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  load: number;
  lhr: Record<string, unknown>;
  trace: unknown;
}

/** One Lighthouse run with its mobile preset (the default config), in the bench's Chrome. */
async function runLighthouse(port: number, url: string): Promise<LighthouseRun> {
  const load = load1();
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result!.lhr;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: round(audit('largest-contentful-paint')),
    tbtMs: round(audit('total-blocking-time')),
    cls: round(audit('cumulative-layout-shift'), 3),
    fcpMs: round(audit('first-contentful-paint')),
    load,
    lhr: lhr as unknown as Record<string, unknown>,
    trace: (result!.artifacts as unknown as { Trace?: unknown }).Trace,
  };
}

/** What a run's report says about where its time went: the worst run's diagnostics, printed. */
function diagnose(run: LighthouseRun) {
  const audits = (run.lhr as { audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }> })
    .audits;
  const items = (id: string) => (audits[id]?.details?.items ?? []) as Record<string, unknown>[];
  const lcp = items('largest-contentful-paint-element');
  const lcpNode = ((lcp[0]?.items as Record<string, unknown>[] | undefined)?.[0]?.node ?? {}) as {
    selector?: string;
  };
  const phases = ((lcp[1]?.items ?? []) as { phase: string; timing: number }[]).map(
    (p) => `${p.phase} ${round(p.timing)}`,
  );
  const short = (u: unknown) => String(u).replace(/^https?:\/\/[^/]+/, '');
  return {
    lcpElement: lcpNode.selector,
    lcpPhases: phases.join(', '),
    longTasks: items('long-tasks').map(
      (t) => `${short(t.url)} ${round(Number(t.duration))} ms at ${round(Number(t.startTime))}`,
    ),
    bootup: items('bootup-time').map((t) => `${short(t.url)} ${round(Number(t.total))} ms`),
    renderBlocking: items('render-blocking-resources').map((t) => short(t.url)),
    unusedJsKb: round(items('unused-javascript').reduce((n, t) => n + Number(t.wastedBytes), 0) / 1024, 1),
    fonts: items('font-display').length,
    images: items('uses-responsive-images').map((t) => short(t.url)),
  };
}

/** The beacon's code as the player ships it: minified, React and i18next left out, gzip bytes. */
async function beaconGzipBytes(): Promise<number> {
  const player = path.join(root, 'apps/web/src/features/player');
  const out = await build({
    stdin: {
      contents: `export * from './engagement-beacon'; export * from './engagement-notice';`,
      resolveDir: player,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    external: ['react', 'react/jsx-runtime', 'react-i18next', '*.css'],
    tsconfig: path.join(root, 'apps/web/tsconfig.json'),
    logLevel: 'silent',
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

const loadAtStart = load1();
const started = Date.now();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-player-'));
if (LHR_DIR) fs.mkdirSync(LHR_DIR, { recursive: true });
let server: ChildProcess | null = null;
try {
  const { ref, token } = await seed(dataDir, baseUrl);
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
  await prepareVariants(baseUrl, ref);
  const links = { plain: `${baseUrl}/public/player/${ref}`, personal: `${baseUrl}/p/${ref}/${token}` };
  const beaconBytes = await beaconGzipBytes();
  emit({ benchmark: 'player', beaconGzipBytes: beaconBytes });

  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_ARGS });
  const spins: Record<string, Awaited<ReturnType<typeof spinOnPhone>>[]> = { plain: [], personal: [] };
  try {
    // The first load warms the server's variant cache and the browser's compile of nothing: not counted.
    await spinOnPhone(browser, links.plain);
    for (let i = 0; i < SPIN_RUNS; i++)
      for (const [name, url] of Object.entries(links)) {
        const spin = await spinOnPhone(browser, url);
        spins[name]!.push(spin);
        emit({ benchmark: 'player', phone: name, ...spin });
      }
  } finally {
    await browser.close();
  }

  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROMIUM_ARGS });
  const lh: Record<string, LighthouseRun[]> = { plain: [], personal: [] };
  try {
    // Alternating the links spreads the machine's moments of load over both.
    for (let i = 0; i < RUNS; i++)
      for (const [name, url] of Object.entries(links)) {
        const run = await runLighthouse(chrome.port, url);
        lh[name]!.push(run);
        if (LHR_DIR) fs.writeFileSync(path.join(LHR_DIR, `mobile-${name}-${i + 1}.json`), JSON.stringify(run.lhr));
        const { lhr: _lhr, trace: _trace, ...figures } = run;
        emit({ benchmark: 'player', lighthouse: 'mobile', link: name, run: i + 1, ...figures });
      }
  } finally {
    await chrome.kill();
  }

  const summary = Object.fromEntries(
    Object.entries(lh).map(([name, runs]) => {
      const worst = runs.reduce((a, b) => (b.score < a.score ? b : a));
      if (LHR_DIR) fs.writeFileSync(path.join(LHR_DIR, `mobile-${name}-worst.trace.json`), JSON.stringify(worst.trace));
      emit({ benchmark: 'player', link: name, worstRun: runs.indexOf(worst) + 1, ...diagnose(worst) });
      const phone = spins[name]!;
      return [
        name,
        {
          scores: runs.map((r) => r.score),
          min: Math.min(...runs.map((r) => r.score)),
          lcp: runs.map((r) => r.lcpMs),
          tbt: runs.map((r) => r.tbtMs),
          cls: Math.max(...runs.map((r) => r.cls)),
          loads: runs.map((r) => r.load),
          first: phone.map((s) => s.firstFrameMs),
          ready: phone.map((s) => s.spinReadyMs),
          all: phone.map((s) => s.allFramesMs),
          js: phone[0]?.jsGzipKb ?? NaN,
          scripts: phone[0]?.scripts ?? NaN,
        },
      ] as const;
    }),
  );
  const goalMet =
    Object.values(summary).every((s) => s.min >= 95 && Math.max(...s.first) < 800 && Math.max(...s.all) < 2000) &&
    beaconBytes <= 3072;
  const seconds = round((Date.now() - started) / 1000);
  emit({ benchmark: 'player', goalMet, seconds, loadAtStart, loadAtEnd: load1() });
  const text = (name: string) => {
    const s = summary[name]!;
    return (
      `${name} link: Lighthouse mobile ${s.scores.join(', ')} (min ${s.min}; LCP ${s.lcp.join('/')} ms, TBT ${s.tbt.join('/')} ms, CLS ≤ ${s.cls}; 1-min load ${s.loads.join('/')}); ` +
      `phone profile: first frame on screen ${s.first.join('/')} ms, spin ready ${s.ready.join('/')} ms, all ${FRAMES} frames ${s.all.join('/')} ms; JS ${s.js} KB gzip in ${s.scripts} files`
    );
  };
  recordRow(
    'player',
    [
      text('plain'),
      text('personal'),
      `engagement beacon ${beaconBytes} B gzip`,
      `Lighthouse 12 mobile preset (simulated); phone profile = Lighthouse's phone screen, CPU 4× slower (DevTools), loopback network; the phone's WebP variants made beforehand`,
      `${seconds} s; 1-min load ${loadAtStart} at the start on ${os.cpus().length} cores${arg('--entry') === null ? '' : ', served from a build kept aside (--entry)'}`,
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
