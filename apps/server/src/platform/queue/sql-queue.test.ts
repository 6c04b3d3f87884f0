import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { defineJob, type JobDefinition } from './queue';
import { SqlQueue, SqlWorker } from './sql-queue';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

const noop = defineJob({ name: 'test.noop', schema: z.object({ n: z.number() }), handler: async () => undefined });

/** Resolves when check() holds, checking again after every turn of the event loop's timers. */
async function until<T>(check: () => Promise<T | undefined | null | false>): Promise<T> {
  for (;;) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('SqlQueue', () => {
  const clock = new TestClock('2026-05-01T08:00:00Z');
  let adapters: Adapters;
  let queue: SqlQueue;

  beforeEach(async () => {
    adapters = await createTestAdapters({ JOB_LEASE_SECONDS: '30', JOB_MAX_ATTEMPTS: '3' }, { clock });
    queue = adapters.queue;
  });
  afterEach(async () => {
    await adapters.cleanup();
  });

  it('makes one job of two enqueues with the same idempotency key', async () => {
    const first = await queue.enqueue(noop, { n: 1 }, { key: 'noop:1' });
    const second = await queue.enqueue(noop, { n: 2 }, { key: 'noop:1' });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await queue.counts('test.noop')).toEqual({ queued: 1, running: 0, done: 0, dead: 0 });
    expect((await queue.getByKey('noop:1'))?.payload).toEqual({ n: 1 });
  });

  it('enqueues within the caller\'s transaction: a rollback leaves no job, a commit leaves one', async () => {
    await expect(
      adapters.db.transaction().execute(async (trx) => {
        await queue.enqueue(noop, { n: 1 }, { key: 'in-trx:rolled-back', within: trx });
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await queue.getByKey('in-trx:rolled-back')).toBeNull();
    await adapters.db.transaction().execute(async (trx) => {
      await queue.enqueue(noop, { n: 2 }, { key: 'in-trx:committed', within: trx });
      await queue.enqueue(noop, { n: 2 }, { key: 'in-trx:committed', within: trx });
    });
    expect(await queue.counts('test.noop')).toEqual({ queued: 1, running: 0, done: 0, dead: 0 });
  });

  it('refuses a payload that does not match the job schema, and stores nothing', async () => {
    await expect(queue.enqueue(noop, { n: 'one' } as unknown as { n: number }, { key: 'bad' })).rejects.toThrow();
    expect(await queue.getByKey('bad')).toBeNull();
  });

  it('does not hand out a job before its run time', async () => {
    await queue.enqueue(noop, { n: 1 }, { key: 'later', runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await queue.claim('w1', ['test.noop'], 10)).toHaveLength(0);
    clock.advance(60_000);
    expect(await queue.claim('w1', ['test.noop'], 10)).toHaveLength(1);
  });

  it('leases a claimed job to one worker until the lease runs out', async () => {
    const { id } = await queue.enqueue(noop, { n: 1 }, { key: 'lease' });
    const [claimed] = await queue.claim('w1', ['test.noop'], 10);
    expect(claimed).toMatchObject({ id, attempts: 1, locked_by: 'w1', status: 'running' });
    clock.advance(29_000);
    expect(await queue.claim('w2', ['test.noop'], 10)).toHaveLength(0);

    // A heartbeat keeps the lease alive past its first term.
    await queue.extendLeases([id], 'w1');
    clock.advance(29_000);
    expect(await queue.claim('w2', ['test.noop'], 10)).toHaveLength(0);

    // The worker went quiet: once the lease lapses, another takes the job over.
    clock.advance(2_000);
    const [taken] = await queue.claim('w2', ['test.noop'], 10);
    expect(taken).toMatchObject({ id, attempts: 2, locked_by: 'w2' });

    // The first worker's late completion does not count: the job is no longer its own.
    await queue.complete([id], 'w1');
    expect((await queue.get(id))?.status).toBe('running');
    await queue.complete([id], 'w2');
    expect((await queue.get(id))?.status).toBe('done');
  });

  it('retries a failed job with exponential backoff: 1 s, 2 s, 4 s', async () => {
    const { id } = await queue.enqueue(noop, { n: 1 }, { key: 'retry', maxAttempts: 5 });
    for (const delay of [1000, 2000, 4000]) {
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      await queue.fail(job!, 'w1', `failure after attempt ${job!.attempts}`);
      expect(await queue.get(id)).toMatchObject({ status: 'queued', lastError: `failure after attempt ${job!.attempts}` });
      clock.advance(delay - 1);
      expect(await queue.claim('w1', ['test.noop'], 1), `not before ${delay} ms`).toHaveLength(0);
      clock.advance(1);
    }
    const [job] = await queue.claim('w1', ['test.noop'], 1);
    expect(job?.attempts).toBe(4);
  });

  it('buries a job that failed as often as it may, keeping the last error', async () => {
    const { id } = await queue.enqueue(noop, { n: 1 }, { key: 'dead' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      await queue.fail(job!, 'w1', `error ${attempt}`);
      clock.advance(60_000);
    }
    expect(await queue.get(id)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'error 3' });
    expect(await queue.claim('w1', ['test.noop'], 1)).toHaveLength(0);
  });

  it('buries a job whose worker died on it on every attempt', async () => {
    const { id } = await queue.enqueue(noop, { n: 1 }, { key: 'crashes', maxAttempts: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await queue.claim(`w${attempt}`, ['test.noop'], 1)).toHaveLength(1);
      clock.advance(31_000);
    }
    expect(await queue.claim('w3', ['test.noop'], 1)).toHaveLength(0);
    expect(await queue.get(id)).toMatchObject({ status: 'dead', lastError: 'lease expired' });
  });

  it('hands each ready job to one claimer only, oldest first', async () => {
    for (let n = 0; n < 5; n++) {
      await queue.enqueue(noop, { n }, { key: `order:${n}` });
      clock.advance(1);
    }
    const a = await queue.claim('w1', ['test.noop'], 3);
    const b = await queue.claim('w2', ['test.noop'], 3);
    expect(a.map((j) => JSON.parse(j.payload))).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(b.map((j) => JSON.parse(j.payload))).toEqual([{ n: 3 }, { n: 4 }]);
  });
});

describe('SqlWorker', () => {
  let adapters: Adapters;
  let worker: SqlWorker | null = null;
  const errors: unknown[] = [];

  const startWorker = (jobs: JobDefinition[], queue: SqlQueue = adapters.queue) => {
    worker = new SqlWorker(queue, jobs, { concurrency: 2, onError: (err) => errors.push(err) });
    worker.start();
    return worker;
  };

  beforeEach(async () => {
    errors.length = 0;
    adapters = await createTestAdapters({ JOB_POLL_MS: '20' });
  });
  afterEach(async () => {
    await worker?.stop(1000);
    worker = null;
    await adapters.cleanup();
  });

  it('runs each enqueued job once and marks it done', async () => {
    const seen: number[] = [];
    const job = defineJob({ name: 'test.record', schema: z.object({ n: z.number() }), handler: async ({ n }) => void seen.push(n) });
    startWorker([job]);
    for (let n = 0; n < 20; n++) await adapters.queue.enqueue(job, { n }, { key: `record:${n}` });
    await until(async () => (await adapters.queue.counts('test.record')).done === 20);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
    expect(worker!.polling).toBe(true);
  });

  it('retries a failing job and records the error of each attempt', async () => {
    let calls = 0;
    const flaky = defineJob({
      name: 'test.flaky',
      schema: z.object({}),
      handler: async () => {
        calls++;
        if (calls === 1) throw new Error('the mail server said no');
      },
    });
    // A short first backoff so the retry comes within the test.
    const queue = new SqlQueue(adapters.db, adapters.dialect, adapters.clock, adapters.ids, { ...adapters.queue.options, backoffBaseMs: 10 });
    startWorker([flaky], queue);
    const { id } = await queue.enqueue(flaky, {}, { key: 'flaky' });
    const done = await until(async () => {
      const j = await queue.get(id);
      return j?.status === 'done' ? j : null;
    });
    expect(done.attempts).toBe(2);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('lets a running job finish within the grace period when stopping', async () => {
    let finish!: () => void;
    const started = new Promise<void>((resolveStarted) => {
      const slow = defineJob({
        name: 'test.slow',
        schema: z.object({}),
        handler: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
            resolveStarted();
          }),
      });
      startWorker([slow]);
      void adapters.queue.enqueue(slow, {}, { key: 'slow' });
    });
    await started;
    const stopping = worker!.stop(10_000);
    expect(worker!.polling).toBe(false);
    finish();
    await stopping;
    expect((await adapters.queue.getByKey('slow'))?.status).toBe('done');
  });

  it('releases a job still running after the grace period, without counting the attempt', async () => {
    let aborted = false;
    const started = new Promise<void>((resolveStarted) => {
      const stuck = defineJob({
        name: 'test.stuck',
        schema: z.object({}),
        handler: (_p, ctx) =>
          new Promise<void>((_resolve, reject) => {
            resolveStarted();
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
      });
      startWorker([stuck]);
      void adapters.queue.enqueue(stuck, {}, { key: 'stuck' });
    });
    await started;
    await worker!.stop(50);
    expect(aborted).toBe(true);
    expect(await adapters.queue.getByKey('stuck')).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    expect(errors).toHaveLength(0);
  });

  it('leaves a job it has no handler for to a worker that has one', async () => {
    const other = defineJob({ name: 'test.other', schema: z.object({}), handler: async () => undefined });
    const known = defineJob({ name: 'test.known', schema: z.object({}), handler: async () => undefined });
    startWorker([known]);
    const { id } = await adapters.queue.enqueue(other, {}, { key: 'other' });
    await adapters.queue.enqueue(known, {}, { key: 'known' });
    await until(async () => (await adapters.queue.counts('test.known')).done === 1);
    // The worker only claims the jobs it knows, so the foreign one waits for a worker that does.
    expect((await adapters.queue.get(id))?.status).toBe('queued');
  });
});

