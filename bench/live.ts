// `npm run bench -- live`: live video rooms on both drivers, peer-to-peer (the server relays signalling
// only) and Janus (LIVE_SFU=janus, the server drives Janus's VideoRoom). The production server, Janus (a
// configuration folder of the bench's own, e2e/support/janus.ts) and headless Chromium run inside a
// network namespace of the bench's own (e2e/support/netns.ts: WebRTC never uses loopback, and must not use
// the machine's network); every participant is a browser context of that Chromium with fake camera and
// microphone, joining as a visitor with the room's link. For each room size, the others are in the call
// and one more joins again and again (a fresh page each time, hanging up after): the time from the click
// on "Join the meeting" to the first remote video frame decoded (getStats, inbound-rtp framesDecoded),
// with the moment of each step (bench/lib/live-call.ts). Then all of them stay in the call and the CPU of
// the server's own node process (and Janus's) is read over that time (utime + stime of /proc/PID/stat).
// Peer-to-peer: beside the same server idle with nobody connected (measured once first). Janus: the
// bitrate one subscriber receives for its main video (high simulcast layer) and for each other camera.
// Goals: p50 < 1 s and p95 < 2 s; p2p: server CPU < 1 % of a core per participant; Janus: a thumbnail
// costs at most a third of the main video's bitrate.
// Flags (the issue's figures by default): --driver p2p|janus|both (both)  --participants N[,N...] (p2p
// 2,4; Janus 4)  --joins 10  --call-seconds 60  --preview-ms 10000 (the longest a joiner looks at its
// preview for the lobby's connections to come up before its click; 0 clicks at once)  --steady-seconds 10 (the
// residents' Chromium processes' CPU in the call before the joins, nobody joining, bench/lib/live-chromium-cpu.ts; 0: not)  --no-record (print
// only). Short check: --participants 2 --joins 2 --call-seconds 10 --no-record.
// Needs root and iproute2 (the namespace), and for Janus the Debian package janus.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/env';
import { janusInstalled, writeJanusConfig } from '../e2e/support/janus';
import { NetNamespace, WEBRTC_CHROMIUM_ARGS } from '../e2e/support/netns';
import { arg } from './lib/args';
import { chromiumCpuText } from './lib/live-chromium-cpu';
import {
  assertProgram,
  closeAll,
  cpuPercentOver,
  joinFigures,
  joinText,
  type JoinTimes,
  receivedBitrates,
  sentVideo,
  timeJoins,
} from './lib/live-call';
import { seedLiveRoom } from './lib/live-room';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How long the SFU's received bitrates are measured over. */
const BITRATE_SECONDS = 8;

const DRIVER = arg('driver') ?? 'both';
if (!['p2p', 'janus', 'both'].includes(DRIVER)) throw new Error('--driver: p2p, janus or both');
const sizes = (fallback: string) => {
  const list = (arg('participants') ?? fallback)
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 2);
  if (list.length === 0) throw new Error('--participants: a list of room sizes of 2 or more, e.g. 2,4');
  return list;
};
const P2P_SIZES = sizes('2,4');
const SFU_SIZES = sizes('4');
const JOINS = Math.max(1, Number(arg('joins') ?? '10'));
const CALL_SECONDS = Math.max(1, Number(arg('call-seconds') ?? '60'));
const PREVIEW_MS = Math.max(0, Number(arg('preview-ms') ?? '10000'));
const STEADY_SECONDS = Math.max(0, Number(arg('steady-seconds') ?? '10'));

const P2P_STEPS = [
  'token',
  'socketOpen',
  'welcome',
  'peerCreated',
  'offerMade',
  'answerReceived',
  'iceConnected',
  'connected',
  'entered',
  'firstVideoBytes',
] as const;
const SFU_STEPS = [
  'token',
  'socketOpen',
  'welcome',
  'publicationAnswered',
  'subscriptionOffered',
  'publicationConnected',
  'subscriptionConnected',
  'entered',
  'firstVideoBytes',
] as const;

const serverEnv = (port: number, dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DEMO_SEED: 'false',
  LOG_LEVEL: 'warn',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '1048576',
  SMTP_URL: '',
  ...extra,
});

/** Waits, from inside the namespace (where the server answers), for /healthz to say `status` ('ok' also means Janus answers). */
function waitHealthy(ns: NetNamespace, base: string): void {
  ns.run(process.execPath, [
    '-e',
    `(async()=>{for(let i=0;i<1200;i++){try{const r=await fetch('${base}/healthz');if(r.ok&&(await r.json()).status==='ok')return}catch{}await new Promise(r=>setTimeout(r,250))}process.exit(1)})()`,
  ]);
}

/** A fresh data folder `name` of `dir` with a live room, for a server on `port`: its URL and the room's visitor link. */
async function roomData(dir: string, name: string, port: number) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(dir, name);
  return { port, base, dataDir, link: await seedLiveRoom(dataDir, base) };
}

/** The production server inside the namespace on that data folder, its errors shown. */
function spawnServer(ns: NetNamespace, data: { port: number; dataDir: string }, extra: NodeJS.ProcessEnv = {}) {
  const server = ns.spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: serverEnv(data.port, data.dataDir, extra),
  });
  server.stderr?.pipe(process.stderr);
  return server;
}

/** For a room of `size`, the joins timed with this run's flags (timeJoins); the residents stay in the call. */
const timeRoomJoins = <S extends string>(
  browser: Browser,
  data: { base: string; link: string },
  size: number,
  steps: readonly S[],
  lobbyConnections: number,
) => timeJoins(browser, data.base, data.link, size, JOINS, steps, PREVIEW_MS, lobbyConnections, STEADY_SECONDS);

/** What both drivers report of a room: its size, its joins' figures, the length of the call measured. */
const roomFigures = <S extends string>(
  size: number,
  joins: { times: JoinTimes<S>[]; previews: number[] },
  steps: readonly S[],
  callSeconds: number,
) => ({
  participants: size,
  joins: joins.times.length,
  ...joinFigures(joins.times, steps),
  // How long the preview showed before the click: until the lobby's connections were up (at most --preview-ms).
  previewMedianMs: Math.round([...joins.previews].sort((a, b) => a - b)[Math.floor(joins.previews.length / 2)] ?? 0),
  callSeconds: Math.round(callSeconds),
});

/** The joins' goals: p50 < 1 s and p95 < 2 s from the click to the first remote frame. */
const joinsFast = (f: ReturnType<typeof joinFigures>) =>
  f.joinToFirstFrameMs.p50 < 1000 && f.joinToFirstFrameMs.p95 < 2000;

/** A driver's part of the run, in the namespace with the bench's Chromium and its temporary folder: the rows and whether its goals were met. */
type DriverRun = (ns: NetNamespace, browser: Browser, dir: string) => Promise<{ rows: string[]; goalMet: boolean }>;

/** The peer-to-peer rows: for each size, joins timed, then the server's CPU over a call of the whole room. */
const peerToPeer: DriverRun = async (ns, browser, dir) => {
  const data = await roomData(dir, 'p2p', 18090);
  const server = spawnServer(ns, data);
  try {
    waitHealthy(ns, data.base);
    // `ip netns exec` execs the program in place: this pid is the server's own node process.
    assertProgram(server.pid!, 'node');
    // The server with nobody connected, for comparison (its job worker and timers run in every case).
    const idle = await cpuPercentOver([server.pid!], Math.min(CALL_SECONDS, 30));
    const idlePercent = idle.percents[0]!;
    emit({
      benchmark: 'live',
      driver: 'p2p',
      serverIdleCpuPercent: Number(idlePercent.toFixed(3)),
      seconds: Math.round(idle.seconds),
    });
    const rows: string[] = [];
    let goalMet = true;
    for (const size of P2P_SIZES) {
      const { residents, steady, ...joins } = await timeRoomJoins(browser, data, size, P2P_STEPS, size - 1);
      try {
        const call = await cpuPercentOver([server.pid!], CALL_SECONDS);
        const percent = call.percents[0]!;
        const sent = await sentVideo(residents[0]!.page);
        const r = {
          ...roomFigures(size, joins, P2P_STEPS, call.seconds),
          serverCpuSecondsPerCallMinute: Number(((percent / 100) * 60).toFixed(3)),
          serverCpuPercentOfCorePerParticipant: Number((percent / size).toFixed(3)),
          // What the call adds to the server idling with nobody connected (its job worker, timers).
          serverCpuPercentAboveIdlePerParticipant: Number((Math.max(0, percent - idlePercent) / size).toFixed(3)),
          // What one participant sends each peer once the room is full (the mesh's steps, mesh-quality.ts).
          sentVideoPerPeer: sent,
          residentsChromiumCpu: steady,
        };
        emit({ benchmark: 'live', driver: 'p2p', ...r });
        goalMet &&= joinsFast(r) && r.serverCpuPercentOfCorePerParticipant < 1;
        rows.push(
          `${r.participants} participants, ${r.joins} joins (click after the lobby, median ${r.previewMedianMs} ms of preview): ${joinText(r)}; each sends ${sent.width}x${sent.height} at ${sent.fps} fps a peer; server CPU over ${r.callSeconds} s of call ${r.serverCpuSecondsPerCallMinute} s a minute, ${r.serverCpuPercentOfCorePerParticipant} % of a core per participant (${r.serverCpuPercentAboveIdlePerParticipant} % above the idle server)${steady ? `; Chromium with the ${size - 1} residents in the call before the joins: ${chromiumCpuText(steady)}` : ''}`,
        );
      } finally {
        await closeAll(residents);
      }
    }
    rows.push(`server idle ${idlePercent.toFixed(2)} % of a core`);
    return { rows, goalMet };
  } finally {
    await ns.stop(server);
  }
};

/** The SFU rows: Janus and a server driving it; for each size, joins timed, then received bitrates and Janus's and the server's CPU. */
const janusSfu: DriverRun = async (ns, browser, dir) => {
  const data = await roomData(dir, 'janus-data', 18091);
  const janusConfig = writeJanusConfig(path.join(dir, 'janus'), 'fcA');
  const janus = ns.spawn('janus', ['-F', janusConfig.dir, '-C', path.join(janusConfig.dir, 'janus.jcfg')]);
  // BENCH_JANUS_LOG=file keeps Janus's log (its level from E2E_JANUS_DEBUG, 3 by default) to see where a join's time goes.
  if (process.env.BENCH_JANUS_LOG) janus.stdout?.pipe(fs.createWriteStream(process.env.BENCH_JANUS_LOG));
  else janus.stdout?.resume();
  janus.stderr?.pipe(process.stderr);
  const server = spawnServer(ns, data, {
    LIVE_SFU: 'janus',
    JANUS_URL: janusConfig.url,
    JANUS_API_SECRET: janusConfig.apiSecret,
    JANUS_ADMIN_KEY: janusConfig.adminKey,
  });
  try {
    // Healthy with Janus answering (not 'degraded').
    waitHealthy(ns, data.base);
    assertProgram(server.pid!, 'node');
    assertProgram(janus.pid!, 'janus');
    const rows: string[] = [];
    let goalMet = true;
    for (const size of SFU_SIZES) {
      // The lobby's connections on the SFU: its camera's publication and a subscription to each of the others.
      const { residents, steady, ...joins } = await timeRoomJoins(browser, data, size, SFU_STEPS, size);
      try {
        // Simulcast needs a few seconds for the browsers' bandwidth estimates to allow the high layer.
        await new Promise((r) => setTimeout(r, 5000));
        const bitrates = await receivedBitrates(residents[0]!.page, BITRATE_SECONDS);
        const call = await cpuPercentOver([janus.pid!, server.pid!], CALL_SECONDS);
        const [janusCpu, serverCpu] = call.percents as [number, number];
        const mainKbps = Math.round(bitrates.main[0] ?? NaN);
        const thumbnailKbps = Math.round(
          bitrates.thumbnails.reduce((a, b) => a + b, 0) / Math.max(1, bitrates.thumbnails.length),
        );
        const r = {
          ...roomFigures(size, joins, SFU_STEPS, call.seconds),
          janusCpuPercentOfCorePerParticipant: Number((janusCpu / size).toFixed(2)),
          serverCpuPercentOfCorePerParticipant: Number((serverCpu / size).toFixed(3)),
          receivedKbps: {
            main: mainKbps,
            thumbnailAverage: thumbnailKbps,
            thumbnails: bitrates.thumbnails.map(Math.round),
          },
          residentsChromiumCpu: steady,
        };
        emit({ benchmark: 'live', driver: 'janus', ...r });
        // With 2 participants nobody is a thumbnail: the bitrate goal applies from 3 on.
        goalMet &&= joinsFast(r) && (bitrates.thumbnails.length === 0 || thumbnailKbps * 3 <= mainKbps);
        rows.push(
          [
            `Janus SFU, ${size} participants, ${r.joins} joins (click after the lobby, median ${r.previewMedianMs} ms of preview): ${joinText(r)}`,
            `over ${r.callSeconds} s of call, Janus ${r.janusCpuPercentOfCorePerParticipant} % and the server ${r.serverCpuPercentOfCorePerParticipant} % of a core per participant`,
            `received by one participant: main video ${mainKbps} kbit/s, other cameras (low layer) ${bitrates.thumbnails.length ? `${thumbnailKbps} kbit/s on average` : 'none'}`,
            ...(steady
              ? [`Chromium with the ${size - 1} residents in the call before the joins: ${chromiumCpuText(steady)}`]
              : []),
          ].join('; '),
        );
      } finally {
        await closeAll(residents);
      }
    }
    return { rows, goalMet };
  } finally {
    await ns.stop(server);
    await ns.stop(janus);
  }
};

if (!NetNamespace.available())
  throw new Error('The live benchmark needs root and iproute2 to make its network namespace');
if (DRIVER !== 'p2p' && !janusInstalled())
  throw new Error('The live benchmark on Janus needs the Debian package janus (or --driver p2p)');
const loadAtStart = os.loadavg()[0] ?? 0;
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('The build failed');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-live-'));
const ns = new NetNamespace();
let browser: Browser | null = null;
try {
  // As in e2e/specs/live-sfu.spec.ts: Janus's packets to the other veth end come back in over the veth.
  ns.run('sysctl', [
    '-qw',
    'net.ipv4.conf.all.accept_local=1',
    'net.ipv4.conf.fcA.accept_local=1',
    'net.ipv4.conf.fcB.accept_local=1',
  ]);
  browser = await chromium.launch({
    executablePath: ns.chromiumLauncher(),
    args: [...CHROMIUM_ARGS, ...WEBRTC_CHROMIUM_ARGS],
  });
  const parts: { rows: string[]; goalMet: boolean }[] = [];
  if (DRIVER !== 'janus') parts.push(await peerToPeer(ns, browser, dir));
  if (DRIVER !== 'p2p') parts.push(await janusSfu(ns, browser, dir));
  const goalMet = parts.every((p) => p.goalMet);
  emit({ benchmark: 'live', driver: DRIVER, goalMet });
  recordRow(
    'live',
    [
      ...parts.flatMap((p) => p.rows),
      `1-min load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores at the start`,
    ].join('; '),
    goalMet,
  );
} finally {
  await browser?.close();
  await ns.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
