/// <reference lib="dom" />
// `npm run bench -- live`: live video rooms on the embedded driver (peer-to-peer, the server relays
// signalling only). The production server and headless Chromium run inside a network namespace of the
// bench's own (e2e/support/netns.ts: WebRTC never uses loopback, and must not use the machine's network);
// every participant is a browser context of that Chromium with fake camera and microphone, joining as a
// visitor with the room's link. For each room size, the others are in the call and one more joins again
// and again (a fresh page each time, hanging up after): the time from the click on "Join the meeting" to
// the first remote video frame decoded (getStats, inbound-rtp framesDecoded). Then all of them stay in
// the call and the server's CPU (utime + stime of /proc/PID/stat, PID the server's own node process) is
// read over that time, beside the same server idle with nobody connected (measured once first).
// Goals: p50 < 1 s and p95 < 2 s; server CPU < 1 % of a core per participant.
// Flags (the issue's figures by default): --participants 2,4  --joins 10  --call-seconds 60
// Needs root and iproute2 (the namespace), like e2e/specs/live.spec.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/env';
import { NetNamespace, WEBRTC_CHROMIUM_ARGS } from '../e2e/support/netns';
import { seedLiveRoom } from './lib/live-room';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 18090;
const BASE = `http://127.0.0.1:${PORT}`;
const JOIN_TIMEOUT_MS = 30_000;

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : (process.argv[i + 1] ?? fallback);
}
const SIZES = flag('participants', '2,4')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 2);
const JOINS = Math.max(1, Number(flag('joins', '10')));
const CALL_SECONDS = Math.max(1, Number(flag('call-seconds', '60')));
if (SIZES.length === 0) throw new Error('--participants: a list of room sizes of 2 or more, e.g. 2,4');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Percent of one core the process used over `seconds` from now (user + system, /proc/PID/stat). */
async function cpuPercentOver(pid: number, seconds: number): Promise<{ percent: number; seconds: number }> {
  const before = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { percent: ((cpuSeconds(pid) - before) / elapsed) * 100, seconds: elapsed };
}

/** CPU seconds the process has used so far (user + system), from /proc/PID/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** A participant's context: English, cookies chosen, its peer connections recorded for getStats. */
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
        marks.peerCreated ??= performance.now();
        this.addEventListener('iceconnectionstatechange', () => {
          if (this.iceConnectionState === 'connected') marks.iceConnected ??= performance.now();
        });
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState === 'connected') marks.connected ??= performance.now();
        });
      }

      override setLocalDescription(description?: RTCLocalSessionDescriptionInit): Promise<void> {
        marks.offerMade ??= performance.now();
        return super.setLocalDescription(description);
      }

      override setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
        marks.answerReceived ??= performance.now();
        return super.setRemoteDescription(description);
      }
    } as typeof RTCPeerConnection;
    const OriginalSocket = window.WebSocket;
    window.WebSocket = class extends OriginalSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => (marks.socketOpen ??= performance.now()));
        this.addEventListener('message', () => (marks.welcome ??= performance.now()));
      }
    } as typeof WebSocket;
    // The moment of the click on "Join the meeting", taken in the page, before any of its work.
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

/** Opens the room's link and waits for the preview to have camera and microphone (join enabled). */
async function openPreview(context: BrowserContext, link: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Join the meeting' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
  return page;
}

interface JoinTimes {
  /** Click to the first remote video frame decoded. */
  total: number;
  /**
   * Click to each step: token answered, socket open, welcome, first peer connection made, its offer, its
   * answer, ICE connected, connected (ICE and DTLS). Negative: done while the preview showed, before the
   * click (the room page fetches the token and prepares the first connection and its offer ahead).
   */
  token: number;
  socketOpen: number;
  welcome: number;
  peerCreated: number;
  offerMade: number;
  answerReceived: number;
  iceConnected: number;
  connected: number;
}

/** Clicks join; answers the milliseconds from the click to the first remote video frame decoded, and to each step before. */
async function joinAndTime(page: Page): Promise<JoinTimes> {
  await page.getByRole('button', { name: 'Join the meeting' }).click();
  return page.evaluate(async (timeout) => {
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
        const at = performance.now();
        const token = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/videos/live/token')) as PerformanceResourceTiming | undefined;
        const steps: Record<string, number> = { total: at - w.__joinAt };
        for (const step of ['socketOpen', 'welcome', 'peerCreated', 'offerMade', 'answerReceived', 'iceConnected', 'connected']) steps[step] = (w.__marks[step] ?? NaN) - w.__joinAt;
        steps.token = (token?.responseEnd ?? NaN) - w.__joinAt;
        return steps as unknown as JoinTimes;
      }
      if (performance.now() - w.__joinAt > timeout) throw new Error('no remote video frame');
      await new Promise((r) => setTimeout(r, 5));
    }
  }, JOIN_TIMEOUT_MS);
}

/** The video this page sends on each open connection: frame size and rate as encoded (getStats outbound-rtp), the median over its connections. */
async function sentVideo(page: Page): Promise<{ width: number; height: number; fps: number }> {
  const all = await page.evaluate(async () => {
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    const out: { width: number; height: number; fps: number }[] = [];
    for (const pc of w.__pcs) {
      if (pc.connectionState !== 'connected') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; frameWidth?: number; frameHeight?: number; framesPerSecond?: number }) => {
        if (s.type === 'outbound-rtp' && s.kind === 'video') out.push({ width: s.frameWidth ?? 0, height: s.frameHeight ?? 0, fps: s.framesPerSecond ?? 0 });
      });
    }
    return out;
  });
  all.sort((a, b) => a.width - b.width);
  return all[Math.floor(all.length / 2)] ?? { width: 0, height: 0, fps: 0 };
}

/** Remote participants this page's panel lists. */
const listed = (page: Page) => page.getByTestId('participants-panel').getByTestId('participant').count();

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function scenario(browser: Browser, link: string, serverPid: number, size: number, idlePercent: number) {
  const residents: { context: BrowserContext; page: Page }[] = [];
  try {
    for (let i = 0; i < size - 1; i++) {
      const context = await participantContext(browser);
      const page = await openPreview(context, link);
      await page.getByRole('button', { name: 'Join the meeting' }).click();
      residents.push({ context, page });
    }
    await waitFor(async () => (await Promise.all(residents.map((r) => listed(r.page)))).every((n) => n === size - 2), `${size - 1} participants in the call`);

    const joins: JoinTimes[] = [];
    for (let j = 0; j < JOINS; j++) {
      const context = await participantContext(browser);
      const page = await openPreview(context, link);
      joins.push(await joinAndTime(page));
      await page.getByRole('button', { name: 'Hang up' }).click();
      await context.close();
      // The next join starts in a settled room: everyone saw this one leave.
      await waitFor(async () => (await Promise.all(residents.map((r) => listed(r.page)))).every((n) => n === size - 2), 'the leave');
    }
    const sorted = joins.map((t) => t.total).sort((a, b) => a - b);
    const median = (step: keyof JoinTimes) => Math.round(percentile(joins.map((t) => t[step]).sort((a, b) => a - b), 50));

    // The whole room in the call, for the server's CPU.
    const context = await participantContext(browser);
    const page = await openPreview(context, link);
    await joinAndTime(page);
    residents.push({ context, page });
    await waitFor(async () => (await Promise.all(residents.map((r) => listed(r.page)))).every((n) => n === size - 1), `${size} participants in the call`);
    const call = await cpuPercentOver(serverPid, CALL_SECONDS);
    const sent = await sentVideo(residents[0]!.page);
    return {
      participants: size,
      joins: joins.length,
      joinToFirstFrameMs: { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), max: Math.round(sorted.at(-1)!) },
      stepsMedianMs: Object.fromEntries((['token', 'socketOpen', 'welcome', 'peerCreated', 'offerMade', 'answerReceived', 'iceConnected', 'connected'] as const).map((step) => [step, median(step)])),
      callSeconds: Math.round(call.seconds),
      serverCpuSecondsPerCallMinute: Number(((call.percent / 100) * 60).toFixed(3)),
      serverCpuPercentOfCorePerParticipant: Number((call.percent / size).toFixed(3)),
      // What the call adds to the server idling with nobody connected (its job worker, timers).
      serverCpuPercentAboveIdlePerParticipant: Number((Math.max(0, call.percent - idlePercent) / size).toFixed(3)),
      // What one participant sends each peer once the room is full (the mesh's steps, mesh-quality.ts).
      sentVideoPerPeer: sent,
    };
  } finally {
    for (const r of residents) await r.context.close();
  }
}

if (!NetNamespace.available()) throw new Error('The live benchmark needs root and iproute2 to make its network namespace');
const loadAtStart = os.loadavg()[0] ?? 0;
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('The build failed');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-live-'));
const ns = new NetNamespace();
let browser: Browser | null = null;
try {
  const link = await seedLiveRoom(dataDir, BASE);
  const server = ns.spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), PUBLIC_URL: BASE, DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', SMTP_URL: '' },
  });
  server.stderr?.pipe(process.stderr);
  // The server answers inside the namespace only: wait for it from in there.
  ns.run(process.execPath, ['-e', `(async()=>{for(let i=0;i<1200;i++){try{if((await fetch('${BASE}/healthz')).ok)return}catch{}await new Promise(r=>setTimeout(r,250))}process.exit(1)})()`]);
  // `ip netns exec` execs the program in place: this pid is the server's own node process.
  const serverPid = server.pid!;
  if (fs.readFileSync(`/proc/${serverPid}/comm`, 'utf8').trim() !== 'node') throw new Error('The server pid is not its node process');
  browser = await chromium.launch({ executablePath: ns.chromiumLauncher(), args: [...CHROMIUM_ARGS, ...WEBRTC_CHROMIUM_ARGS] });

  // The server with nobody connected, for comparison (its job worker and timers run in every case).
  const idle = await cpuPercentOver(serverPid, Math.min(CALL_SECONDS, 30));
  emit({ benchmark: 'live', serverIdleCpuPercent: Number(idle.percent.toFixed(3)), seconds: Math.round(idle.seconds) });
  const results = [];
  for (const size of SIZES) {
    const result = await scenario(browser, link, serverPid, size, idle.percent);
    emit({ benchmark: 'live', ...result });
    results.push(result);
  }
  const goalMet = results.every((r) => r.joinToFirstFrameMs.p50 < 1000 && r.joinToFirstFrameMs.p95 < 2000 && r.serverCpuPercentOfCorePerParticipant < 1);
  emit({ benchmark: 'live', goalMet });
  recordRow(
    'live',
    [
      ...results.map(
        (r) =>
          `${r.participants} participants, ${r.joins} joins: join to first remote frame p50 ${r.joinToFirstFrameMs.p50} ms, p95 ${r.joinToFirstFrameMs.p95} ms (max ${r.joinToFirstFrameMs.max}; median ms from the click: ${Object.entries(r.stepsMedianMs)
            .map(([step, ms]) => `${step} ${ms}`)
            .join(', ')}); each sends ${r.sentVideoPerPeer.width}x${r.sentVideoPerPeer.height} at ${r.sentVideoPerPeer.fps} fps a peer; server CPU over ${r.callSeconds} s of call ${r.serverCpuSecondsPerCallMinute} s a minute, ${r.serverCpuPercentOfCorePerParticipant} % of a core per participant (${r.serverCpuPercentAboveIdlePerParticipant} % above the idle server)`,
      ),
      `server idle ${idle.percent.toFixed(2)} % of a core`,
      `1-min load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores at the start`,
    ].join('; '),
    goalMet,
  );
} finally {
  await browser?.close();
  await ns.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
