import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestAdapters } from '../../test/test-adapters';
import { defineJobOf, type JobDefinition } from './queue';
import { SqlQueue } from './sql-queue';
import { SqlWorker } from './sql-worker';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

const empty = { payload: z.object({}) };
/** This suite's own jobs, queued on a queue of their own. */
const testJobs = {
  'test.record': { payload: z.object({ n: z.number() }) },
  'test.flaky': empty,
  'test.outage': empty,
  'test.once': empty,
  'test.slow': empty,
  'test.stuck': empty,
  'test.other': empty,
  'test.known': empty,
  'test.long': empty,
};
const testQueue = (adapters: Adapters, options = adapters.queue.options) =>
  new SqlQueue(adapters.db, adapters.dialect, adapters.clock, adapters.ids, options, testJobs);

/** Resolves when check() holds, checking again after every turn of the event loop's timers. */
async function until<T>(check: () => Promise<T | undefined | null | false>): Promise<T> {
  for (;;) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('SqlWorker', () => {
  let adapters: Adapters;
  let queue: SqlQueue<typeof testJobs>;
  let worker: SqlWorker | null = null;
  const errors: unknown[] = [];

  const startWorker = (jobs: JobDefinition[], testQueue: SqlQueue<typeof testJobs> = queue) => {
    worker = new SqlWorker(testQueue, jobs, { concurrency: 2, onError: (err) => errors.push(err) });
    worker.start();
    return worker;
  };

  beforeEach(async () => {
    errors.length = 0;
    adapters = await createTestAdapters({ JOB_POLL_MS: '20' });
    queue = testQueue(adapters);
  });
  afterEach(async () => {
    await worker?.stop(1000);
    worker = null;
    await adapters.cleanup();
  });

  it('runs each enqueued job once and marks it done', async () => {
    const seen: number[] = [];
    const job = defineJobOf(testJobs, 'test.record', async ({ n }) => void seen.push(n));
    startWorker([job]);
    for (let n = 0; n < 20; n++) await queue.enqueue('test.record', { n }, { key: `record:${n}` });
    await until(async () => (await queue.counts('test.record')).done === 20);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect(worker!.polling).toBe(true);
  });

  it('retries a failing job and records the error of each attempt', async () => {
    let calls = 0;
    const flaky = defineJobOf(testJobs, 'test.flaky', async () => {
      calls++;
      if (calls === 1) throw new Error('the mail server said no');
    });
    // A short first backoff so the retry comes within the test.
    const queue = testQueue(adapters, { ...adapters.queue.options, backoffBaseMs: 10 });
    startWorker([flaky], queue);
    const { id } = await queue.enqueue('test.flaky', {}, { key: 'flaky' });
    const done = await until(async () => {
      const j = await queue.get(id);
      return j?.status === 'done' ? j : null;
    });
    expect(done.attempts).toBe(2);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('runs again a job that met an unavailable service, without using up its attempts', async () => {
    let calls = 0;
    const outage = defineJobOf(testJobs, 'test.outage', async () => {
      calls++;
      if (calls <= 3) throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    });
    const queue = testQueue(adapters, { ...adapters.queue.options, transientRetryMs: 10 });
    startWorker([outage], queue);
    const { id } = await queue.enqueue('test.outage', {}, { key: 'outage', maxAttempts: 2 });
    const done = await until(async () => {
      const j = await queue.get(id);
      return j?.status === 'done' || j?.status === 'dead' ? j : null;
    });
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    expect(calls).toBe(4);
  });

  it('marks a finished job done once the database answers again, without running it twice', async () => {
    let runs = 0;
    const job = defineJobOf(testJobs, 'test.once', async () => void runs++);
    let refusals = 3;
    // The database is away when the worker first tells it the job is done (a restart).
    class RestartingQueue extends SqlQueue<typeof testJobs> {
      override async complete(ids: string | string[], workerId: string): Promise<void> {
        if (refusals-- > 0)
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        return super.complete(ids, workerId);
      }
    }
    const queue = new RestartingQueue(
      adapters.db,
      adapters.dialect,
      adapters.clock,
      adapters.ids,
      adapters.queue.options,
      testJobs,
    );
    startWorker([job], queue);
    const { id } = await queue.enqueue('test.once', {}, { key: 'once' });
    await until(async () => (await queue.get(id))?.status === 'done');
    expect(refusals).toBeLessThan(0);
    expect(runs).toBe(1);
    expect(await queue.get(id)).toMatchObject({ attempts: 1 });
  });

  it('lets a running job finish within the grace period when stopping', async () => {
    let finish!: () => void;
    const started = new Promise<void>((resolveStarted) => {
      const slow = defineJobOf(
        testJobs,
        'test.slow',
        () =>
          new Promise<void>((resolve) => {
            finish = resolve;
            resolveStarted();
          }),
      );
      startWorker([slow]);
      void queue.enqueue('test.slow', {}, { key: 'slow' });
    });
    await started;
    const stopping = worker!.stop(10_000);
    expect(worker!.polling).toBe(false);
    finish();
    await stopping;
    expect((await queue.getByKey('slow'))?.status).toBe('done');
  });

  it('releases a job still running after the grace period, without counting the attempt', async () => {
    let aborted = false;
    const started = new Promise<void>((resolveStarted) => {
      const stuck = defineJobOf(
        testJobs,
        'test.stuck',
        (_p, ctx) =>
          new Promise<void>((_resolve, reject) => {
            resolveStarted();
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
      );
      startWorker([stuck]);
      void queue.enqueue('test.stuck', {}, { key: 'stuck' });
    });
    await started;
    await worker!.stop(50);
    expect(aborted).toBe(true);
    expect(await queue.getByKey('stuck')).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    expect(errors).toHaveLength(0);
  });

  it('leaves a job it has no handler for to a worker that has one', async () => {
    const known = defineJobOf(testJobs, 'test.known', async () => undefined);
    startWorker([known]);
    const { id } = await queue.enqueue('test.other', {}, { key: 'other' });
    await queue.enqueue('test.known', {}, { key: 'known' });
    await until(async () => (await queue.counts('test.known')).done === 1);
    // The worker only claims the jobs it knows, so the foreign one waits for a worker that does.
    expect((await queue.get(id))?.status).toBe('queued');
  });

  it('keeps a live job that runs for several leases: another worker polling meanwhile never takes it over', async () => {
    const short = await createTestAdapters({ JOB_POLL_MS: '20', JOB_LEASE_SECONDS: '1' });
    const runs: number[] = [];
    let finish = () => undefined as void;
    const long = defineJobOf(testJobs, 'test.long', async (_p, ctx) => {
      runs.push(ctx.attempt);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const shortQueue = testQueue(short);
    const first = new SqlWorker(shortQueue, [long], { concurrency: 1, onError: (err) => errors.push(err) });
    const second = new SqlWorker(shortQueue, [long], { concurrency: 1, onError: (err) => errors.push(err) });
    try {
      first.start();
      const { id } = await shortQueue.enqueue('test.long', {}, { key: 'long' });
      await until(async () => runs.length === 1);
      second.start();
      // The job runs for three and a half leases; the second worker claims (and sweeps) every 20 ms meanwhile.
      const lapse = Date.now() + 3500;
      await until(async () => Date.now() > lapse || runs.length > 1);
      expect(runs).toEqual([1]);
      expect(await shortQueue.get(id)).toMatchObject({ status: 'running', attempts: 1 });
      finish();
      await until(async () => (await shortQueue.get(id))?.status === 'done');
      expect(runs).toEqual([1]);
      expect(errors).toHaveLength(0);
    } finally {
      finish();
      await Promise.all([first.stop(1000), second.stop(1000)]);
      await short.cleanup();
    }
  });
});
