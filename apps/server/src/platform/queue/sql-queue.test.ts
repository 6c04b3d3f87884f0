import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { SqlQueue } from './sql-queue';

type Adapters = Awaited<ReturnType<typeof createTestAdapters>>;

/** This suite's own jobs, queued on a queue of their own. */
const testJobs = {
  'test.noop': { payload: z.object({ n: z.number() }) },
  'test.twice': { payload: z.object({}), maxAttempts: 2 },
};

describe('SqlQueue', () => {
  const clock = new TestClock('2026-05-01T08:00:00Z');
  let adapters: Adapters;
  let queue: SqlQueue<typeof testJobs>;

  beforeEach(async () => {
    adapters = await createTestAdapters({ JOB_LEASE_SECONDS: '30', JOB_MAX_ATTEMPTS: '3' }, { clock });
    queue = new SqlQueue(adapters.db, adapters.dialect, clock, adapters.ids, adapters.queue.options, testJobs);
  });
  afterEach(async () => {
    await adapters.cleanup();
  });

  it('makes one job of two enqueues with the same idempotency key', async () => {
    const first = await queue.enqueue('test.noop', { n: 1 }, { key: 'noop:1' });
    const second = await queue.enqueue('test.noop', { n: 2 }, { key: 'noop:1' });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await queue.counts('test.noop')).toEqual({ queued: 1, running: 0, done: 0, dead: 0 });
    expect((await queue.getByKey('noop:1'))?.payload).toEqual({ n: 1 });
  });

  it('takes the attempts of a job from its registry, and refuses a name the registry does not hold', async () => {
    const { id } = await queue.enqueue('test.twice', {}, { key: 'twice' });
    for (let attempt = 1; attempt <= 2; attempt++) {
      const [job] = await queue.claim('w1', ['test.twice'], 1);
      await queue.fail(job!, 'w1', 'no');
      clock.advance(10 * 60_000);
    }
    expect((await queue.get(id))?.status).toBe('dead');
    await expect(queue.enqueue('test.unknown' as 'test.noop', { n: 1 }, { key: 'unknown' })).rejects.toThrow(
      'No job test.unknown in the job registry',
    );
  });

  it("enqueues within the caller's transaction: a rollback leaves no job, a commit leaves one", async () => {
    await expect(
      adapters.db.transaction().execute(async (trx) => {
        await queue.enqueue('test.noop', { n: 1 }, { key: 'in-trx:rolled-back', within: trx });
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await queue.getByKey('in-trx:rolled-back')).toBeNull();
    await adapters.db.transaction().execute(async (trx) => {
      await queue.enqueue('test.noop', { n: 2 }, { key: 'in-trx:committed', within: trx });
      await queue.enqueue('test.noop', { n: 2 }, { key: 'in-trx:committed', within: trx });
    });
    expect(await queue.counts('test.noop')).toEqual({ queued: 1, running: 0, done: 0, dead: 0 });
  });

  it('enqueues several jobs in one write, one per key, with the transaction, and none twice when sent again', async () => {
    const items = [1, 2, 3].map((n) => ({ payload: { n }, key: `many:${n}` }));
    await expect(
      adapters.db.transaction().execute(async (trx) => {
        await queue.enqueueAll('test.noop', items, { within: trx });
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await queue.counts('test.noop')).toEqual({ queued: 0, running: 0, done: 0, dead: 0 });
    await adapters.db.transaction().execute((trx) => queue.enqueueAll('test.noop', items, { within: trx }));
    await queue.enqueueAll('test.noop', [...items, { payload: { n: 4 }, key: 'many:4' }]);
    expect(await queue.counts('test.noop')).toEqual({ queued: 4, running: 0, done: 0, dead: 0 });
    expect((await queue.getByKey('many:2'))?.payload).toEqual({ n: 2 });
    await expect(
      queue.enqueueAll('test.noop', [{ payload: { n: 'five' } as unknown as { n: number }, key: 'many:5' }]),
    ).rejects.toThrow();
    expect(await queue.getByKey('many:5')).toBeNull();
  });

  it('refuses a payload that does not match the job schema, and stores nothing', async () => {
    await expect(
      queue.enqueue('test.noop', { n: 'one' } as unknown as { n: number }, { key: 'bad' }),
    ).rejects.toThrow();
    expect(await queue.getByKey('bad')).toBeNull();
  });

  it('does not hand out a job before its run time', async () => {
    await queue.enqueue('test.noop', { n: 1 }, { key: 'later', runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await queue.claim('w1', ['test.noop'], 10)).toHaveLength(0);
    clock.advance(60_000);
    expect(await queue.claim('w1', ['test.noop'], 10)).toHaveLength(1);
  });

  it('leases a claimed job to one worker until the lease runs out', async () => {
    const { id } = await queue.enqueue('test.noop', { n: 1 }, { key: 'lease' });
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
    const { id } = await queue.enqueue('test.noop', { n: 1 }, { key: 'retry', maxAttempts: 5 });
    for (const delay of [1000, 2000, 4000]) {
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      await queue.fail(job!, 'w1', `failure after attempt ${job!.attempts}`);
      expect(await queue.get(id)).toMatchObject({
        status: 'queued',
        lastError: `failure after attempt ${job!.attempts}`,
      });
      clock.advance(delay - 1);
      expect(await queue.claim('w1', ['test.noop'], 1), `not before ${delay} ms`).toHaveLength(0);
      clock.advance(1);
    }
    const [job] = await queue.claim('w1', ['test.noop'], 1);
    expect(job?.attempts).toBe(4);
  });

  it('tells which keys still have a job to run: queued or running, not done, dead or unknown', async () => {
    const claimOne = async (key: string) => {
      await queue.enqueue('test.noop', { n: 1 }, { key, maxAttempts: 1 });
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      expect(job?.idempotency_key).toBe(key);
      return job!;
    };
    await queue.complete((await claimOne('p:done')).id, 'w1');
    await queue.fail(await claimOne('p:dead'), 'w1', 'failed for good');
    await claimOne('p:running');
    await queue.enqueue('test.noop', { n: 1 }, { key: 'p:queued' });
    // Past the 500 keys one statement binds.
    const many = [
      ...Array.from({ length: 700 }, (_, i) => `p:absent:${i}`),
      'p:done',
      'p:dead',
      'p:running',
      'p:queued',
    ];
    expect((await queue.pendingKeys(many)).sort()).toEqual(['p:queued', 'p:running']);
    expect(await queue.pendingKeys([])).toEqual([]);
  });

  it('buries a job that failed as often as it may, keeping the last error', async () => {
    const { id } = await queue.enqueue('test.noop', { n: 1 }, { key: 'dead' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      await queue.fail(job!, 'w1', `error ${attempt}`);
      clock.advance(60_000);
    }
    expect(await queue.get(id)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'error 3' });
    expect(await queue.claim('w1', ['test.noop'], 1)).toHaveLength(0);
  });

  it('does not count a failure met while a service was unavailable, for three hours after queueing', async () => {
    const { id } = await queue.enqueue('test.noop', { n: 1 }, { key: 'outage', maxAttempts: 2 });
    for (let outage = 1; outage <= 4; outage++) {
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      expect(job?.attempts).toBe(1);
      await queue.fail(job!, 'w1', 'connect ECONNREFUSED 127.0.0.1:9000', { transient: true });
      expect(await queue.get(id)).toMatchObject({
        status: 'queued',
        attempts: 0,
        lastError: 'unavailable, not counted: connect ECONNREFUSED 127.0.0.1:9000',
      });
      clock.advance(4999);
      expect(await queue.claim('w1', ['test.noop'], 1), 'not before 5 s').toHaveLength(0);
      clock.advance(1);
    }
    // Past the grace, an unavailable service counts like any failure, so no job is retried for ever.
    clock.advance(3 * 60 * 60_000);
    for (const status of ['queued', 'dead']) {
      const [job] = await queue.claim('w1', ['test.noop'], 1);
      await queue.fail(job!, 'w1', 'connect ECONNREFUSED 127.0.0.1:9000', { transient: true });
      expect((await queue.get(id))?.status).toBe(status);
      clock.advance(60_000);
    }
  });

  it('buries a job whose worker died on it on every attempt', async () => {
    const { id } = await queue.enqueue('test.noop', { n: 1 }, { key: 'crashes', maxAttempts: 2 });
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await queue.claim(`w${attempt}`, ['test.noop'], 1)).toHaveLength(1);
      clock.advance(31_000);
    }
    expect(await queue.claim('w3', ['test.noop'], 1)).toHaveLength(0);
    expect(await queue.get(id)).toMatchObject({ status: 'dead', lastError: 'lease expired' });
  });

  it('hands each ready job to one claimer only, oldest first', async () => {
    for (let n = 0; n < 5; n++) {
      await queue.enqueue('test.noop', { n }, { key: `order:${n}` });
      clock.advance(1);
    }
    const a = await queue.claim('w1', ['test.noop'], 3);
    const b = await queue.claim('w2', ['test.noop'], 3);
    expect(a.map((j) => JSON.parse(j.payload))).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(b.map((j) => JSON.parse(j.payload))).toEqual([{ n: 3 }, { n: 4 }]);
  });
});
