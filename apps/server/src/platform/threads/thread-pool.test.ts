import fs from 'node:fs';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FixtureTask } from './thread-pool.fixture-thread';
import { ThreadPool } from './thread-pool';
import { NICE } from '../../priorities';

const entry = new URL('./thread-pool.fixture-thread.ts', import.meta.url);
type Answer = { threadId: number; length?: number; first?: number; nice?: number };

describe('ThreadPool', () => {
  let pool: ThreadPool<FixtureTask, Answer>;
  afterEach(async () => pool.close());

  it('runs synchronous work in another thread while the event loop keeps turning', async () => {
    pool = new ThreadPool({ entry, size: 1, idleMs: 60_000 });
    let turns = 0;
    let stopped = false;
    const turn = () => {
      turns++;
      if (!stopped) setImmediate(turn);
    };
    const work = pool.run({ kind: 'spin', ms: 300 });
    setImmediate(turn);
    const answer = await work;
    stopped = true;
    expect(answer.threadId).not.toBe(threadId);
    // Run here, the spin would have held the loop: not one turn could have happened before it answered.
    expect(turns).toBeGreaterThan(10);
  });

  it('runs up to its size at once and queues the rest in order', async () => {
    pool = new ThreadPool({ entry, size: 2, idleMs: 60_000 });
    const answers = await Promise.all([0, 1, 2, 3].map(() => pool.run({ kind: 'spin', ms: 50 })));
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
    expect(pool.threads).toBe(2);
  });

  it("runs its threads below the event loop's priority, and leaves the loop's thread at its own", async () => {
    pool = new ThreadPool({ entry, size: 1, idleMs: 60_000 });
    expect(await pool.run({ kind: 'nice' })).toMatchObject({ nice: NICE.reportThreads });
    expect(Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16])).toBe(0);
  });

  it('passes bytes both ways', async () => {
    pool = new ThreadPool({ entry, size: 1, idleMs: 60_000 });
    expect(await pool.run({ kind: 'echo', bytes: Buffer.from([7, 8, 9]) })).toMatchObject({ length: 3, first: 7 });
  });

  it('refuses a task whose handler throws, with its message, and keeps the thread', async () => {
    pool = new ThreadPool({ entry, size: 1, idleMs: 60_000 });
    const first = await pool.run({ kind: 'spin', ms: 0 });
    await expect(pool.run({ kind: 'fail', message: 'no such report' })).rejects.toThrow('no such report');
    expect((await pool.run({ kind: 'spin', ms: 0 })).threadId).toBe(first.threadId);
  });

  it('refuses the task of a thread that dies and starts a new one for the next', async () => {
    pool = new ThreadPool({ entry, size: 1, idleMs: 60_000 });
    const first = await pool.run({ kind: 'spin', ms: 0 });
    await expect(pool.run({ kind: 'crash' })).rejects.toThrow(/exit code 3/);
    const next = await pool.run({ kind: 'spin', ms: 0 });
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('stops a thread left idle, and starts one again when work comes', async () => {
    pool = new ThreadPool({ entry, size: 1, idleMs: 200 });
    await pool.run({ kind: 'spin', ms: 0 });
    expect(pool.threads).toBe(1);
    await vi.waitFor(() => expect(pool.threads).toBe(0), { timeout: 10_000, interval: 50 });
    await pool.run({ kind: 'spin', ms: 0 });
    expect(pool.threads).toBe(1);
  });
});
