import { expect, vi } from 'vitest';
import { onPostgres, createTestAdapters } from '../../test/test-adapters';
import { countMissed } from './live-bus.repo';
import { createPgSignalBus } from './pg-signal-bus';
import { createInProcessBus } from './signal-bus';
import { signalBusContract } from './signal-bus.contract';
import { LEAVE_GRACE_MS } from './signalling.service';

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
      kept: (room, id, count) => vi.waitFor(async () => expect(await countMissed(adaptersA.db, room, id)).toBe(count), { timeout: 5000, interval: 20 }),
      close: async () => {
        await a.close();
        await b.close();
        await adaptersB.cleanup();
        await adaptersA.cleanup();
      },
    };
  });
}
