import { SqlWorker } from '../../platform/queue/sql-worker';
import { startTestApp } from '../../test/start-test-app';
import type { createTestAdapters } from '../../test/test-adapters';
import { shootingsModule } from './shootings.module';

export const MANAGER = 'manager@demo.forecourt.test';
export const SALES = 'sales@demo.forecourt.test';
export const OTHER = 'other@other-dealer.forecourt.test';

export type TestAdapters = Awaited<ReturnType<typeof createTestAdapters>>;

/** An app on fresh adapters with the demo accounts, and headers per demo e-mail. */
export const setup = startTestApp;

/** Runs the module's jobs until none is queued or running (failed ones retried later stay queued). */
export async function drainJobs(adapters: TestAdapters, opts: { untilDone?: string[] } = {}): Promise<void> {
  const worker = new SqlWorker(adapters.queue, shootingsModule.jobs!(adapters), { concurrency: 2 });
  worker.start();
  try {
    for (;;) {
      const c = await adapters.queue.counts();
      const waiting = opts.untilDone
        ? (await Promise.all(opts.untilDone.map((k) => adapters.queue.getByKey(k)))).some(
            (j) => j && j.status !== 'done' && j.status !== 'dead',
          )
        : c.queued + c.running > 0;
      if (!waiting) break;
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await worker.stop(1000);
  }
}
