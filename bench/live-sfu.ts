/// <reference lib="dom" />
// `npm run bench -- live-sfu`: the SFU rows of the live rooms (LIVE_SFU=janus). As `bench/live.ts` does
// for peer-to-peer, the production server, Janus (a configuration folder of the bench's own,
// e2e/support/janus.ts) and headless Chromium run inside a network namespace of the bench's own; every
// participant is a browser context joining as a visitor by the room's link. With the others in the call,
// one more joins again and again: the time from the click on "Join the meeting" to the first remote video
// frame decoded (getStats). Then the whole room stays in the call: Janus's and the server's CPU
// (/proc/PID/stat) per participant, and on one participant's page the bitrate received for the camera in
// its main video (high simulcast layer) and for each camera it shows small or not at all (low layer).
// Goals: join p50 < 1 s and p95 < 2 s; a thumbnail costs at most a third of the main video's bitrate.
// Flags (the issue's figures by default): --participants 4  --joins 10  --call-seconds 60
// Needs root, iproute2 and the Debian package janus.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/env';
import { janusInstalled, writeJanusConfig } from '../e2e/support/janus';
import { NetNamespace, WEBRTC_CHROMIUM_ARGS } from '../e2e/support/netns';
import { arg } from './lib/args';
import { seedLiveRoom } from './lib/live-room';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 18091;
const BASE = `http://127.0.0.1:${PORT}`;
const JOIN_TIMEOUT_MS = 30_000;
/** How long the received bitrates are measured over. */
const BITRATE_SECONDS = 8;

const SIZE = Math.max(2, Number(arg('participants') ?? '4'));
const JOINS = Math.max(1, Number(arg('joins') ?? '10'));
const CALL_SECONDS = Math.max(1, Number(arg('call-seconds') ?? '60'));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const cpuSeconds = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
};

/** Percent of one core each process used over `seconds` from now. */
async function cpuPercentOver(pids: number[], seconds: number): Promise<number[]> {
  const before = pids.map(cpuSeconds);
  const started = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return pids.map((pid, i) => ((cpuSeconds(pid) - before[i]!) / elapsed) * 100);
}

async function participantContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    localStorage.setItem('forecourt.language', 'en');
    localStorage.setItem('forecourt.cookieConsent', JSON.stringify({ choice: 'accepted', at: new Date().toISOString() }));
    // When each step of a join happened (performance.now()), for the breakdown.
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    const Original = window.RTCPeerConnection;
    const pcs: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = pcs;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        pcs.push(this);
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState === 'connected') marks[this.getTransceivers().some((t) => t.direction === 'sendonly') ? 'publicationConnected' : 'subscriptionConnected'] ??= performance.now();
        });
      }

      override setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
        marks[description.type === 'answer' ? 'publicationAnswered' : 'subscriptionOffered'] ??= performance.now();
        return super.setRemoteDescription(description);
      }
    } as typeof RTCPeerConnection;
    const OriginalSocket = window.WebSocket;
    window.WebSocket = class extends OriginalSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', () => (marks.welcome ??= performance.now()));
      }
    } as typeof WebSocket;
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element | null)?.closest('button')?.textContent?.includes('Join the meeting')) (window as unknown as { __joinAt: number }).__joinAt = performance.now();
      },
      { capture: true },
    );
  });
  return context;
}

async function openPreview(context: BrowserContext, link: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Join the meeting' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
  return page;
}

const STEPS = ['welcome', 'publicationAnswered', 'subscriptionOffered', 'publicationConnected', 'subscriptionConnected'] as const;
type JoinTimes = Record<'total' | (typeof STEPS)[number], number>;

/** Clicks join; answers the milliseconds from the click to the first remote video frame decoded, and to each step before. */
async function joinAndTime(page: Page): Promise<JoinTimes> {
  await page.getByRole('button', { name: 'Join the meeting' }).click();
  return page.evaluate(async ([timeout, steps]) => {
    // No named inner functions here: the bench's loader would wrap them in a helper the page lacks.
    const w = window as unknown as { __pcs: RTCPeerConnection[]; __joinAt: number; __marks: Record<string, number> };
    for (;;) {
      let found = false;
      for (const pc of w.__pcs) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0) found = true;
        });
      }
      if (found) {
        const times: Record<string, number> = { total: performance.now() - w.__joinAt };
        for (const step of steps) times[step] = (w.__marks[step] ?? NaN) - w.__joinAt;
        return times as JoinTimes;
      }
      if (performance.now() - w.__joinAt > timeout) throw new Error('no remote video frame');
      await new Promise((r) => setTimeout(r, 5));
    }
  }, [JOIN_TIMEOUT_MS, STEPS] as const);
}

const listed = (page: Page) => page.getByTestId('participants-panel').getByTestId('participant').count();

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kilobits a second received over `seconds` for the main video's camera, and for each other camera. */
const receivedBitrates = (page: Page, seconds: number) =>
  page.evaluate(async (ms) => {
    // No named inner functions here: the bench's loader would wrap them in a helper the page lacks.
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    const main = (document.querySelector<HTMLVideoElement>('[data-testid="main-video"]')?.srcObject as MediaStream | null)?.getVideoTracks()[0] ?? null;
    const reads: Map<RTCPeerConnection, { bytes: number; main: boolean }>[] = [];
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) await new Promise((r) => setTimeout(r, ms));
      const bytes = new Map<RTCPeerConnection, { bytes: number; main: boolean }>();
      for (const pc of w.__pcs) {
        if (pc.connectionState !== 'connected') continue;
        // The subscriptions only (receive-only), not the page's own publications.
        const receiver = pc.getTransceivers().find((t) => t.currentDirection === 'recvonly' && t.receiver.track.kind === 'video')?.receiver;
        if (!receiver) continue;
        let total = 0;
        (await receiver.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp') total += s.bytesReceived ?? 0;
        });
        bytes.set(pc, { bytes: total, main: receiver.track === main });
      }
      reads.push(bytes);
    }
    const kbps = [...reads[1]!].map(([pc, v]) => ({ main: v.main, kbps: ((v.bytes - (reads[0]!.get(pc)?.bytes ?? v.bytes)) * 8) / ms }));
    return { main: kbps.filter((k) => k.main).map((k) => k.kbps), thumbnails: kbps.filter((k) => !k.main).map((k) => k.kbps) };
  }, seconds * 1000);

if (!NetNamespace.available()) throw new Error('The live SFU benchmark needs root and iproute2 to make its network namespace');
if (!janusInstalled()) throw new Error('The live SFU benchmark needs the Debian package janus');
const loadAtStart = os.loadavg()[0] ?? 0;
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('The build failed');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-live-sfu-'));
const ns = new NetNamespace();
let browser: Browser | null = null;
const residents: BrowserContext[] = [];
try {
  // As in e2e/specs/live-sfu.spec.ts: Janus's packets to the other veth end come back in over the veth.
  ns.run('sysctl', ['-qw', 'net.ipv4.conf.all.accept_local=1', 'net.ipv4.conf.fcA.accept_local=1', 'net.ipv4.conf.fcB.accept_local=1']);
  const dataDir = path.join(dir, 'data');
  const link = await seedLiveRoom(dataDir, BASE);
  const janusConfig = writeJanusConfig(path.join(dir, 'janus'), 'fcA');
  const janus = ns.spawn('janus', ['-F', janusConfig.dir, '-C', path.join(janusConfig.dir, 'janus.jcfg')]);
  janus.stdout?.resume();
  janus.stderr?.pipe(process.stderr);
  const server = ns.spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      SMTP_URL: '',
      LIVE_SFU: 'janus',
      JANUS_URL: janusConfig.url,
      JANUS_API_SECRET: janusConfig.apiSecret,
      JANUS_ADMIN_KEY: janusConfig.adminKey,
    },
  });
  server.stderr?.pipe(process.stderr);
  // Healthy with Janus answering (not 'degraded'), seen from inside the namespace.
  ns.run(process.execPath, ['-e', `(async()=>{for(let i=0;i<1200;i++){try{const r=await fetch('${BASE}/healthz');if(r.ok&&(await r.json()).status==='ok')return}catch{}await new Promise(r=>setTimeout(r,250))}process.exit(1)})()`]);
  for (const [pid, comm] of [
    [server.pid!, 'node'],
    [janus.pid!, 'janus'],
  ] as const) {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) throw new Error(`pid ${pid} is not ${comm}`);
  }
  browser = await chromium.launch({ executablePath: ns.chromiumLauncher(), args: [...CHROMIUM_ARGS, ...WEBRTC_CHROMIUM_ARGS] });

  const pages: Page[] = [];
  for (let i = 0; i < SIZE - 1; i++) {
    const context = await participantContext(browser);
    residents.push(context);
    const page = await openPreview(context, link);
    await page.getByRole('button', { name: 'Join the meeting' }).click();
    pages.push(page);
  }
  await waitFor(async () => (await Promise.all(pages.map(listed))).every((n) => n === SIZE - 2), `${SIZE - 1} participants in the call`);
  const joins: JoinTimes[] = [];
  for (let j = 0; j < JOINS; j++) {
    const context = await participantContext(browser);
    const page = await openPreview(context, link);
    joins.push(await joinAndTime(page));
    await page.getByRole('button', { name: 'Hang up' }).click();
    await context.close();
    await waitFor(async () => (await Promise.all(pages.map(listed))).every((n) => n === SIZE - 2), 'the leave');
  }
  const totals = joins.map((t) => t.total).sort((a, b) => a - b);
  const median = (step: keyof JoinTimes) => Math.round(percentile(joins.map((t) => t[step]).sort((a, b) => a - b), 50));

  const context = await participantContext(browser);
  residents.push(context);
  const last = await openPreview(context, link);
  await joinAndTime(last);
  pages.push(last);
  await waitFor(async () => (await Promise.all(pages.map(listed))).every((n) => n === SIZE - 1), `${SIZE} participants in the call`);
  // Simulcast needs a few seconds for the browsers' bandwidth estimates to allow the high layer.
  await new Promise((r) => setTimeout(r, 5000));
  const bitrates = await receivedBitrates(pages[0]!, BITRATE_SECONDS);
  const [janusCpu, serverCpu] = await cpuPercentOver([janus.pid!, server.pid!], CALL_SECONDS);
  const mainKbps = Math.round(bitrates.main[0] ?? NaN);
  const thumbnailKbps = Math.round(bitrates.thumbnails.reduce((a, b) => a + b, 0) / Math.max(1, bitrates.thumbnails.length));
  const result = {
    benchmark: 'live-sfu',
    participants: SIZE,
    joins: joins.length,
    joinToFirstFrameMs: { p50: Math.round(percentile(totals, 50)), p95: Math.round(percentile(totals, 95)), max: Math.round(totals.at(-1)!) },
    stepsMedianMs: Object.fromEntries(STEPS.map((step) => [step, median(step)])),
    callSeconds: CALL_SECONDS,
    janusCpuPercentOfCorePerParticipant: Number((janusCpu! / SIZE).toFixed(2)),
    serverCpuPercentOfCorePerParticipant: Number((serverCpu! / SIZE).toFixed(3)),
    receivedKbps: { main: mainKbps, thumbnailAverage: thumbnailKbps, thumbnails: bitrates.thumbnails.map(Math.round) },
  };
  emit(result);
  const goalMet = result.joinToFirstFrameMs.p50 < 1000 && result.joinToFirstFrameMs.p95 < 2000 && thumbnailKbps * 3 <= mainKbps;
  emit({ benchmark: 'live-sfu', goalMet });
  recordRow(
    'live-sfu',
    [
      `Janus SFU, ${SIZE} participants, ${joins.length} joins: join to first remote frame p50 ${result.joinToFirstFrameMs.p50} ms, p95 ${result.joinToFirstFrameMs.p95} ms (max ${result.joinToFirstFrameMs.max}; median ms from the click: ${Object.entries(result.stepsMedianMs)
        .map(([step, ms]) => `${step} ${ms}`)
        .join(', ')})`,
      `over ${CALL_SECONDS} s of call, Janus ${result.janusCpuPercentOfCorePerParticipant} % and the server ${result.serverCpuPercentOfCorePerParticipant} % of a core per participant`,
      `received by one participant: main video ${mainKbps} kbit/s, other cameras (low layer) ${thumbnailKbps} kbit/s on average`,
      `1-min load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores at the start`,
    ].join('; '),
    goalMet,
  );
} finally {
  for (const c of residents) await c.close().catch(() => undefined);
  await browser?.close();
  await ns.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
