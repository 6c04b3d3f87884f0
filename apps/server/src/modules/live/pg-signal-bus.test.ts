import type { ServerMessage } from '@forecourt/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestAdapters, onPostgres } from '../../test/test-adapters';
import { createPgSignalBus, LIVE_CHANNEL, type PgSignalBus } from './pg-signal-bus';

const LEASE_MS = 800;
const who = (id: string) => ({ id, identity: id, host: false });
function socket() {
  const got: ServerMessage[] = [];
  return { got, attachment: { session: `s-${Math.random().toString(36).slice(2)}`, deliver: (m: ServerMessage) => got.push(m) } };
}

// What only a bus shared by processes has to survive: a process that dies, and its LISTEN connection lost.
describe.runIf(onPostgres())('the PostgreSQL signal bus across processes', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  const buses: PgSignalBus[] = [];
  const open = async () => {
    const bus = await createPgSignalBus({ db: adapters.db, databaseUrl: adapters.config.DATABASE_URL!, graceMs: 3000, leaseMs: LEASE_MS, heartbeatMs: 100 });
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
    const survivor = await open();
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

    await vi.waitFor(() => expect(alice.got).toEqual([{ type: 'left', id: 'participant-c' }]), { timeout: 10 * LEASE_MS, interval: 50 });
    // The one who came back is still there for everyone, and reachable.
    const late = socket();
    expect((await survivor.join('room-death', who('participant-d'), late.attachment)).members.map((m) => m.id).sort()).toEqual(['participant-a', 'participant-b']);
    expect(await survivor.sendTo('room-death', 'participant-b', { type: 'spin', spin: null })).toBe(true);
    await vi.waitFor(() => expect(back.got).toEqual([{ type: 'left', id: 'participant-c' }, { type: 'spin', spin: null }]), { timeout: 5000, interval: 20 });
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
      const cut = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN ${LIVE_CHANNEL}'`);
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
