import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerMessage } from '@forecourt/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getOrCreateSecret } from '../../../platform/secrets';
import { demoUser } from '../../../seed/demo-accounts';
import { seedAccounts } from '../../../seed/seed-accounts';
import { spawnTs, type TsProcess } from '../../../test/child-process';
import { createTestAdapters, onPostgres } from '../../../test/test-adapters';
import { countMissed } from './live-bus.repo';
import { createLiveTokens } from '../rooms/live-token';
import { createPgSignalBus, LIVE_CHANNEL, type PgSignalBus } from './pg-signal-bus';
import { createInProcessBus } from './signal-bus';
import { signalBusContract } from './signal-bus.contract';
import { LEAVE_GRACE_MS } from './signalling.service';

/** The few members of a `ws` client these tests use (the package ships no types, and @types/ws is not installed). */
interface WsClient {
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  send(data: string): void;
  close(code?: number): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

signalBusContract('in-process', async () => {
  const bus = createInProcessBus();
  return { a: bus, b: bus, kept: async () => undefined, close: async () => undefined };
});

// Two API processes on one PostgreSQL: two buses, each with its own pool and LISTEN connection.
if (onPostgres()) {
  signalBusContract('PostgreSQL', async () => {
    const adaptersA = await createTestAdapters();
    const adaptersB = await createTestAdapters({ DATABASE_URL: adaptersA.config.DATABASE_URL! });
    const open = (adapters: typeof adaptersA) =>
      createPgSignalBus({ db: adapters.db, databaseUrl: adapters.config.DATABASE_URL!, graceMs: LEAVE_GRACE_MS });
    const a = await open(adaptersA);
    const b = await open(adaptersB);
    return {
      a,
      b,
      kept: (room, id, count) =>
        vi.waitFor(async () => expect(await countMissed(adaptersA.db, room, id)).toBe(count), {
          timeout: 5000,
          interval: 20,
        }),
      close: async () => {
        await a.close();
        await b.close();
        await adaptersB.cleanup();
        await adaptersA.cleanup();
      },
    };
  });

  const LEASE_MS = 800;
  const who = (id: string) => ({ id, identity: id, host: false });
  function socket() {
    const got: ServerMessage[] = [];
    return {
      got,
      attachment: { session: `s-${Math.random().toString(36).slice(2)}`, deliver: (m: ServerMessage) => got.push(m) },
    };
  }

  // What only a bus shared by processes has to survive: a process that dies, and its LISTEN connection lost.
  describe('the PostgreSQL signal bus across processes', () => {
    let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
    const buses: PgSignalBus[] = [];
    const open = async (onExpired?: (room: string, id: string) => void) => {
      const bus = await createPgSignalBus({
        db: adapters.db,
        databaseUrl: adapters.config.DATABASE_URL!,
        graceMs: 3000,
        leaseMs: LEASE_MS,
        heartbeatMs: 100,
        onExpired,
      });
      buses.push(bus);
      return bus;
    };
    beforeAll(async () => {
      adapters = await createTestAdapters();
    });
    afterAll(async () => {
      for (const bus of buses) await bus.close();
      await adapters?.cleanup();
    });

    it("shows a dead process's members leaving once their lease runs out, except one who came back through another process as the same participant", async () => {
      const expired: string[] = [];
      const survivor = await open((room, id) => expired.push(`${room}/${id}`));
      const doomed = await open();
      const alice = socket();
      await survivor.join('room-death', who('participant-a'), alice.attachment);
      await doomed.join('room-death', who('participant-b'), socket().attachment);
      await doomed.join('room-death', who('participant-c'), socket().attachment);
      // The process dies: nothing of it runs any more, its rows stay as they were.
      await doomed.close();

      const back = socket();
      const rejoin = await survivor.join('room-death', who('participant-b'), back.attachment);
      expect(rejoin.resumed).toBe(true);
      expect(rejoin.members.map((m) => m.id).sort()).toEqual(['participant-a', 'participant-c']);

      await vi.waitFor(() => expect(alice.got).toEqual([{ type: 'left', id: 'participant-c' }]), {
        timeout: 10 * LEASE_MS,
        interval: 50,
      });
      // The expired one is handed on (the SFU kicks its publications), the one who came back is not.
      expect(expired).toEqual(['room-death/participant-c']);
      // The one who came back is still there for everyone, and reachable.
      const late = socket();
      expect(
        (await survivor.join('room-death', who('participant-d'), late.attachment)).members.map((m) => m.id).sort(),
      ).toEqual(['participant-a', 'participant-b']);
      expect(await survivor.sendTo('room-death', 'participant-b', { type: 'spin', spin: null })).toBe(true);
      await vi.waitFor(
        () =>
          expect(back.got).toEqual([
            { type: 'left', id: 'participant-c' },
            { type: 'spin', spin: null },
          ]),
        { timeout: 5000, interval: 20 },
      );
    });

    it('listens again after its LISTEN connection is cut (a PostgreSQL restart, a terminate)', async () => {
      const a = await open();
      const b = await open();
      const bob = socket();
      await a.join('room-listen', who('participant-a'), socket().attachment);
      await b.join('room-listen', who('participant-b'), bob.attachment);
      const admin = new pg.Client({ connectionString: adapters.config.DATABASE_URL });
      await admin.connect();
      try {
        const cut = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN ${LIVE_CHANNEL}'`,
        );
        // One LISTEN connection a bus still open: this test's two, and the previous test's survivor.
        expect(cut.rowCount).toBe(3);
      } finally {
        await admin.end();
      }
      // What is sent while no LISTEN is in place is lost; once it is back, messages arrive again.
      let sent = 0;
      await vi.waitFor(
        async () => {
          await a.sendTo('room-listen', 'participant-b', { type: 'spin', spin: { frame: sent++ } });
          expect(bob.got.length).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 100 },
      );
    });
  });

  const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../main.ts');
  const ROOM = 'room-across-processes';

  /** A participant's signalling socket on one API process: every message it got, and a wait for the next that matches. */
  async function participant(port: number, token: string) {
    const got: ServerMessage[] = [];
    const waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/videos/live/signal?token=${encodeURIComponent(token)}`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      got.push(m);
      for (const w of waiters.splice(0)) {
        if (w.test(m)) w.resolve(m);
        else waiters.push(w);
      }
    });
    const next = (test: (m: ServerMessage) => boolean) =>
      new Promise<ServerMessage>((resolve) => {
        const found = got.find(test);
        if (found) resolve(found);
        else waiters.push({ test, resolve });
      });
    const welcome = (await next((m) => m.type === 'welcome')) as Extract<ServerMessage, { type: 'welcome' }>;
    return { ws, got, next, welcome, closed, send: (m: object) => ws.send(JSON.stringify(m)) };
  }

  // Two API processes on one PostgreSQL, as behind a load balancer: participants on different processes
  // call each other, and when one process dies its participants come back through the other.
  describe('live signalling across two API processes', () => {
    let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
    const servers: TsProcess[] = [];
    const ports: number[] = [];
    let tokens: ReturnType<typeof createLiveTokens>;
    const tokenFor = (id: string) =>
      tokens.issue({
        room: ROOM,
        identity: id,
        participant: id,
        host: false,
        exp: Math.floor(Date.now() / 1000) + 120,
      });

    beforeAll(async () => {
      adapters = await createTestAdapters();
      // A real room: the socket takes nobody into a room that has ended or does not exist (4410).
      await seedAccounts(adapters);
      await adapters.db
        .insertInto('live_rooms')
        .values({
          id: ROOM,
          owner_id: 'own-demo-paris',
          user_id: demoUser('manager@demo.forecourt.test').id,
          session_name: 'Showroom',
          room_name: `${ROOM}-name`,
          appointment_date: '2026-11-26 14:30:00',
          meeting_code: 'c0de',
          created_at: new Date().toISOString(),
        })
        .execute();
      tokens = createLiveTokens(await getOrCreateSecret(adapters.db, 'live-tokens'));
      for (let i = 0; i < 2; i++) {
        const server = spawnTs(main, ['--role=api'], {
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: adapters.dataDir,
          DATABASE_URL: adapters.config.DATABASE_URL,
          DEMO_SEED: 'false',
          LOG_LEVEL: 'info',
        });
        servers.push(server);
      }
      for (const server of servers)
        ports.push(
          Number(/127\.0\.0\.1:(\d+)/.exec(await server.printed(/Server listening at http:\/\/127\.0\.0\.1:\d+/))![1]),
        );
      // Two servers loading under tsx take a while on a busy machine.
    }, 180_000);
    afterAll(async () => {
      for (const server of servers) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await adapters?.cleanup();
    });

    it('relays between participants on different processes; when one dies, its participants rejoin through the other as themselves and the one who does not come back leaves', async () => {
      const [first, second] = ports as [number, number];
      const alice = await participant(first, tokenFor('participant-alice'));
      const bob = await participant(second, tokenFor('participant-bob'));
      const carol = await participant(second, tokenFor('participant-carol'));
      expect(bob.welcome.participants.map((p) => p.id)).toEqual(['participant-alice']);
      expect(carol.welcome.participants.map((p) => p.id)).toEqual(['participant-alice', 'participant-bob']);
      await alice.next((m) => m.type === 'joined' && m.participant.id === 'participant-carol');

      const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 10.77.0.2 40000 typ host generation 0\r\n'.repeat(150)}`;
      alice.send({ type: 'signal', to: 'participant-bob', data: { pc: 'pc-1', description: { type: 'offer', sdp } } });
      expect(await bob.next((m) => m.type === 'signal')).toEqual({
        type: 'signal',
        from: 'participant-alice',
        data: { pc: 'pc-1', description: { type: 'offer', sdp } },
      });
      bob.send({
        type: 'signal',
        to: 'participant-alice',
        data: { pc: 'pc-1', description: { type: 'answer', sdp: 'v=0' } },
      });
      expect(await alice.next((m) => m.type === 'signal')).toMatchObject({
        from: 'participant-bob',
        data: { description: { type: 'answer' } },
      });

      // The second process dies: its sockets drop without a word.
      servers[1]!.child.kill('SIGKILL');
      await Promise.all([bob.closed, carol.closed]);
      const bobBack = await participant(first, tokenFor('participant-bob'));
      expect(bobBack.welcome).toMatchObject({ resumed: true, self: { id: 'participant-bob' } });
      expect(bobBack.welcome.participants.map((p) => p.id).sort()).toEqual(['participant-alice', 'participant-carol']);

      // Carol never comes back: she leaves for everyone once her dead process's lease runs out; Bob stays.
      await alice.next((m) => m.type === 'left' && m.id === 'participant-carol');
      await bobBack.next((m) => m.type === 'left' && m.id === 'participant-carol');
      const about = (id: string) => (m: ServerMessage) =>
        (m.type === 'left' && m.id === id) || (m.type === 'joined' && m.participant.id === id);
      expect(alice.got.filter(about('participant-bob')).map((m) => m.type)).toEqual(['joined']);
      const dave = await participant(first, tokenFor('participant-dave'));
      expect(dave.welcome.participants.map((p) => p.id).sort()).toEqual(['participant-alice', 'participant-bob']);
      alice.send({
        type: 'signal',
        to: 'participant-bob',
        data: { pc: 'pc-2', description: { type: 'offer', sdp: 'v=0' } },
      });
      expect(await bobBack.next((m) => m.type === 'signal')).toMatchObject({
        from: 'participant-alice',
        data: { pc: 'pc-2' },
      });
      for (const p of [alice, bobBack, dave]) p.ws.close(1000);
    });
  });
}
