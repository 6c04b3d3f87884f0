import { buildApp } from '../app';
import type { App } from '../app-types';
import { createAdapters, type Adapters } from '../platform/adapters';
import { seedAccounts } from '../seed/seed-accounts';
import type { TestAdapters } from './test-app';
import { createTestAdapters } from './test-adapters';

/**
 * Two API processes behind one load balancer, as far as a test in one process can make them: two apps, each on
 * adapters of its own (connections, caches, counters) over one database and one blob store, with the demo
 * accounts. `a` owns the test data folder; `close` ends both.
 */
export async function startTwoApiProcesses(): Promise<{
  a: TestAdapters;
  b: Adapters;
  appA: App;
  appB: App;
  close: () => Promise<void>;
}> {
  const a = await createTestAdapters();
  await seedAccounts(a);
  const b = await createAdapters(a.config);
  const appA = await buildApp(a);
  const appB = await buildApp(b);
  return {
    a,
    b,
    appA,
    appB,
    close: async () => {
      await appB.close();
      await appA.close();
      await b.close();
      await a.cleanup();
    },
  };
}
