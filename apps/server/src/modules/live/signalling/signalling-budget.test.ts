import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { LiveToken, ServerMessage } from '@forecourt/contracts';
import { LIVE_CLOSE } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { seedAccounts } from '../../../seed/seed-accounts';
import { createTestAdapters } from '../../../test/test-adapters';
import { openManagerRoom } from '../../../test/live-rooms';
import { MAX_SIGNAL_BYTES } from './signalling.service';
import { SEND_BUFFER, SIGNAL_BUDGET } from './socket-budget';

/** The few members of a `ws` client these tests use (the package ships no types, and @types/ws is not installed). */
interface WsClient {
  readonly readyState: number;
  readonly OPEN: number;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  send(data: string): void;
  close(code?: number): void;
  terminate(): void;
  /** The TCP socket under it: paused, the client reads nothing more (a slow reader). */
  _socket: { pause(): void };
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

interface Peer {
  ws: WsClient;
  self: string;
  got: ServerMessage[];
  closed: Promise<number>;
}

/** A server listening on a real port (a slow reader needs TCP), with one room of its own. */
async function liveServer(config: Record<string, string> = {}) {
  const adapters = await createTestAdapters(config);
  await seedAccounts(adapters);
  const app: App = await buildApp(adapters);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const room = await openManagerRoom(app, adapters, { appointment_date: '2026-12-01 14:30:00' });
  let n = 0;
  const token = async (identity: string, resume?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/videos/live/token',
      // Each from an address of its own: the token limit per address is not what these tests are about.
      remoteAddress: `198.51.100.${(n++ % 250) + 1}`,
      query: { identity, room: room.room_name, code: room.meeting_code, ...(resume ? { resume } : {}) },
    });
  const open = (accessToken: string): Promise<Peer> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${base}/api/videos/live/signal?token=${encodeURIComponent(accessToken)}`);
      const got: ServerMessage[] = [];
      const closed = new Promise<number>((done) => ws.on('close', done));
      ws.on('error', () => undefined);
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as ServerMessage;
        got.push(message);
        if (message.type === 'welcome') resolve({ ws, self: message.self.id, got, closed });
      });
      void closed.then((code) => reject(new Error(`closed ${code} before its welcome`)));
    });
  const join = async (identity: string) => open((await token(identity)).json<LiveToken>().access_token);
  /** What the server still holds to send, over all its signalling sockets. */
  const buffered = () => [...app.websocketServer.clients].reduce((sum, c) => sum + c.bufferedAmount, 0);
  const healthz = async () => {
    const start = performance.now();
    const res = await fetch(`http://${base}/healthz`);
    await res.arrayBuffer();
    return performance.now() - start;
  };
  const close = async () => {
    for (const c of app.websocketServer.clients) c.terminate();
    await app.close();
    await adapters.cleanup();
  };
  return { app, room, token, open, join, buffered, healthz, close };
}

/** Samples while `work` runs: the server's buffered bytes, this process's RSS, and /healthz's answer times. */
async function watching(server: Awaited<ReturnType<typeof liveServer>>, work: () => Promise<void>) {
  const rss0 = process.memoryUsage().rss;
  const seen = { buffered: 0, rss: 0, healthz: [] as number[] };
  const sample = setInterval(() => {
    seen.buffered = Math.max(seen.buffered, server.buffered());
    seen.rss = Math.max(seen.rss, process.memoryUsage().rss - rss0);
  }, 5);
  let running = true;
  const probes = (async () => {
    while (running) {
      seen.healthz.push(await server.healthz());
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await probes;
    clearInterval(sample);
  }
  seen.healthz.sort((a, b) => a - b);
  return { ...seen, healthzMax: seen.healthz.at(-1) ?? NaN };
}

const yieldTurn = () => new Promise((r) => setImmediate(r));
const MEDIA = JSON.stringify({ type: 'media', state: { audio: true, video: false, screen: false } });

describe('the signalling socket under a flood and a slow reader', () => {
  let server: Awaited<ReturnType<typeof liveServer>>;
  beforeAll(async () => {
    server = await liveServer();
  });
  afterAll(async () => server?.close());

  it('relays a flood of 200,000 media messages from one visitor only up to its budget, then closes that socket', async () => {
    const watcher = await server.join('Watcher');
    const visitor = await server.join('Visitor');
    const start = performance.now();
    let sent = 0;
    const seen = await watching(server, async () => {
      // As fast as the client goes, a turn of the event loop every 1,000 (so /healthz is asked meanwhile).
      while (sent < 200_000 && visitor.ws.readyState === visitor.ws.OPEN) {
        for (let i = 0; i < 1000; i++) visitor.ws.send(MEDIA);
        sent += 1000;
        await yieldTurn();
      }
      await Promise.race([visitor.closed, new Promise((r) => setTimeout(r, 2000))]);
    });
    const seconds = (performance.now() - start) / 1000;
    expect(await Promise.race([visitor.closed, Promise.resolve(null)])).toBe(LIVE_CLOSE.FLOODED);
    const relayed = watcher.got.filter((m) => m.type === 'media').length;
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThanOrEqual(SIGNAL_BUDGET.messageBurst + SIGNAL_BUDGET.messagesPerSecond * (seconds + 1));
    // Told once a second that it went past its budget, not once a message.
    expect(visitor.got.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED').length).toBeLessThanOrEqual(
      seconds + 1,
    );
    expect(seen.healthzMax).toBeLessThan(1000);
    watcher.ws.close(1000);
  });

  it('bounds what it holds for a socket that never reads, and cuts it, while /healthz answers', async () => {
    const reader = await server.join('Slow reader');
    reader.ws._socket.pause();
    const senders = await Promise.all(Array.from({ length: 40 }, (_, i) => server.join(`Sender ${i}`)));
    // SDP offers near the largest message a browser may send, made once: the senders only send.
    const offers = Array.from({ length: 20 }, (_, n) =>
      JSON.stringify({
        type: 'signal',
        to: reader.self,
        data: { pc: `pc${n}`, description: { type: 'offer', sdp: 'a'.repeat(MAX_SIGNAL_BYTES - 300) } },
      }),
    );
    const seen = await watching(server, async () => {
      // 40 senders of 20 offers each: 50 MB aimed at one socket that reads nothing.
      for (let round = 0; round < 20; round++) {
        for (const s of senders) if (s.ws.readyState === s.ws.OPEN) s.ws.send(offers[round]!);
        await new Promise((r) => setTimeout(r, 25));
      }
      await new Promise((r) => setTimeout(r, 1000));
    });
    // What the server holds never went much past the bound (one message may go out past it, then the cut).
    expect(seen.buffered).toBeLessThanOrEqual(SEND_BUFFER.hard + 2 * MAX_SIGNAL_BYTES);
    expect(seen.rss).toBeLessThan(256 * 1024 * 1024);
    // The server let go of the socket that does not read: it holds nothing for it any more.
    await expect.poll(() => server.buffered(), { timeout: 5000 }).toBeLessThan(SEND_BUFFER.soft);
    expect([...server.app.websocketServer.clients].length).toBe(senders.length);
    expect(seen.healthzMax).toBeLessThan(1000);
    for (const s of senders) s.ws.close(1000);
    reader.ws.terminate();
  });
});

describe('the most members of a room', () => {
  let server: Awaited<ReturnType<typeof liveServer>>;
  beforeAll(async () => {
    server = await liveServer({ LIVE_MAX_PARTICIPANTS: '3' });
  });
  afterAll(async () => server?.close());

  it('refuses one more than LIVE_MAX_PARTICIPANTS, at the token and at the socket, and lets a member back', async () => {
    // A token taken while there was room: its socket is refused once the room has filled.
    const early = (await server.token('Early')).json<LiveToken>().access_token;
    const firstToken = (await server.token('First')).json<LiveToken>().access_token;
    const first = await server.open(firstToken);
    await server.join('Second');
    await server.join('Third');
    const refused = await server.token('Fourth');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'ROOM_FULL' } });

    await expect(server.open(early)).rejects.toThrow(`closed ${LIVE_CLOSE.ROOM_FULL}`);

    // A member whose socket dropped comes back, within the grace, to its own place.
    first.ws.terminate();
    await first.closed;
    const again = await server.token('First', firstToken);
    expect(again.statusCode).toBe(200);
    const back = await server.open(again.json<LiveToken>().access_token);
    expect(back.self).toBe(first.self);
    expect(back.got[0]).toMatchObject({ type: 'welcome', resumed: true });
  });
});
