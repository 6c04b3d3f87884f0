// `npm run bench -- live-flood [--seconds 20] [--watchers 40] [--flooders 8] [--flood-rate 400]`: issue 30,
// point 4. The server runs as its own process (SQLite, fresh DATA_DIR); one room holds `watchers` sockets
// that read everything, one socket that never reads (its TCP socket paused), and `flooders` sockets that
// send `media` messages at `flood-rate` a second each for `seconds` (past their budget, yet under the rate
// that closes them: the server judges every one), after one burst of 200,000 from another socket (cut).
// Meanwhile /healthz is asked one call after another. Figures: /healthz p50/p99/max during the flood, the
// media messages a watcher received, the server's RSS before and at its highest. Goal: p99 ≤ 50 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg } from './lib/args';
import { freePort } from './lib/deployment';
import { seedLiveRoom } from './lib/live-room';
import { emit, recordRow } from './lib/report';

interface WsClient {
  readonly readyState: number;
  on(event: 'open' | 'close' | 'error' | 'message', listener: (data: Buffer) => void): void;
  send(data: string): void;
  terminate(): void;
  _socket: { pause(): void };
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(arg('seconds') ?? 20);
const WATCHERS = Number(arg('watchers') ?? 40);
const FLOODERS = Number(arg('flooders') ?? 8);
const FLOOD_RATE = Number(arg('flood-rate') ?? 400);
const GOAL_P99_MS = 50;
const MEDIA = JSON.stringify({ type: 'media', state: { audio: true, video: false, screen: false } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-live-flood-'));
  const link = new URL(await seedLiveRoom(dataDir, base), base);
  const id = link.pathname.split('/').at(-1)!;
  const code = link.searchParams.get('code')!;
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--role=api'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const sockets: WsClient[] = [];
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
      await sleep(100);
    }
    const info = (await (await fetch(`${base}/api/videos/live/rooms/${id}?code=${code}`)).json()) as {
      room_name: string;
    };
    const open = async (identity: string) => {
      const res = await fetch(
        `${base}/api/videos/live/token?${new URLSearchParams({ identity, room: info.room_name, code })}`,
      );
      if (!res.ok) throw new Error(`token: ${res.status}`);
      const { access_token } = (await res.json()) as { access_token: string };
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/videos/live/signal?token=${access_token}`);
      sockets.push(ws);
      const got = { media: 0 };
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          if (data.toString().startsWith('{"type":"welcome"')) resolve();
          else if (data.toString().startsWith('{"type":"media"')) got.media += 1;
        });
        ws.on('close', () => reject(new Error(`${identity}: closed before its welcome`)));
        ws.on('error', () => undefined);
      });
      return { ws, got };
    };
    const watchers = [];
    for (let i = 0; i < WATCHERS; i++) watchers.push(await open(`Watcher ${i}`));
    (await open('Slow reader')).ws._socket.pause();
    const flooders = [];
    for (let i = 0; i < FLOODERS; i++) flooders.push(await open(`Flooder ${i}`));
    const burst = await open('Burst');
    const rss0 = rssOf(server.pid!);
    let rssMax = rss0;
    const latencies: number[] = [];
    let running = true;
    const probes = (async () => {
      while (running) {
        const t = performance.now();
        await (await fetch(`${base}/healthz`)).arrayBuffer();
        latencies.push(performance.now() - t);
        rssMax = Math.max(rssMax, rssOf(server.pid!));
        await sleep(10);
      }
    })();
    // One burst of 200,000 from one socket, sent as fast as this process goes (the server cuts it).
    let burstSent = 0;
    while (burstSent < 200_000 && burst.ws.readyState === 1) {
      for (let i = 0; i < 1000; i++) burst.ws.send(MEDIA);
      burstSent += 1000;
      await new Promise((r) => setImmediate(r));
    }
    // Then the sustained flood: each flooder sends FLOOD_RATE a second, in 10 ms ticks.
    const start = performance.now();
    const perTick = Math.max(1, Math.round(FLOOD_RATE / 100));
    while (performance.now() - start < SECONDS * 1000) {
      for (const f of flooders) if (f.ws.readyState === 1) for (let i = 0; i < perTick; i++) f.ws.send(MEDIA);
      await sleep(10);
    }
    running = false;
    await probes;
    latencies.sort((a, b) => a - b);
    const figures = {
      healthzCalls: latencies.length,
      healthzP50Ms: Number(pct(latencies, 50).toFixed(1)),
      healthzP99Ms: Number(pct(latencies, 99).toFixed(1)),
      healthzMaxMs: Number(latencies.at(-1)!.toFixed(1)),
      burstSent,
      floodersOpen: flooders.filter((f) => f.ws.readyState === 1).length,
      mediaPerWatcher: Math.round(watchers.reduce((n, w) => n + w.got.media, 0) / watchers.length),
      serverRssMb: Math.round(rss0 / 2 ** 20),
      serverRssMaxMb: Math.round(rssMax / 2 ** 20),
    };
    emit(figures);
    const met = figures.healthzP99Ms <= GOAL_P99_MS;
    recordRow(
      'live-flood',
      `server in its own process (SQLite), one room: ${WATCHERS} sockets reading, 1 never reading, a burst of 200,000 \`media\` from one socket (cut after ${burstSent} sent), then ${FLOODERS} sockets × ${FLOOD_RATE} \`media\`/s for ${SECONDS} s: /healthz p50 ${figures.healthzP50Ms} ms, p99 ${figures.healthzP99Ms} ms, max ${figures.healthzMaxMs} ms over ${figures.healthzCalls} calls; ${figures.mediaPerWatcher} media messages a watcher received; server RSS ${figures.serverRssMb} → at most ${figures.serverRssMaxMb} MB; goal p99 ≤ ${GOAL_P99_MS} ms`,
      met,
    );
  } finally {
    for (const s of sockets) s.terminate();
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
