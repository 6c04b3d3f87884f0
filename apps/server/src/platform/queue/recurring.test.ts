import { describe, expect, it } from 'vitest';
import type { Queue } from './queue';
import { defineRecurringJob, scheduleRecurrence, type Recurrence } from './recurring';

const HOUR = 3_600_000;
const gc: Recurrence = { name: 'blobs.collect-garbage', everyMs: HOUR, first: 'current-slot' };
const ctx = { jobId: 'job-1', attempt: 1, signal: new AbortController().signal };

/** A queue that keeps what is queued, one job per key as the real one does. */
function recordingQueue() {
  const jobs = new Map<string, { name: string; payload: unknown; runAt?: Date }>();
  const queue = {
    enqueue: async (name: string, payload: unknown, opts: { key: string; runAt?: Date }) => {
      const created = !jobs.has(opts.key);
      if (created) jobs.set(opts.key, { name, payload, runAt: opts.runAt });
      return { id: opts.key, created };
    },
  } as unknown as Queue;
  return { queue, jobs };
}

// 10:20 on a day: slot 10 of that day's hours is the current one.
const at = new Date(Date.UTC(2026, 10, 29, 10, 20));
const slot = Math.floor(at.getTime() / HOUR);

describe('scheduleRecurrence', () => {
  it('queues the current slot at once, keyed by the slot, and once however many processes start', async () => {
    const { queue, jobs } = recordingQueue();
    for (let i = 0; i < 3; i++) await scheduleRecurrence({ queue, clock: { now: () => at } }, gc);
    expect([...jobs]).toEqual([
      [`blobs.collect-garbage:${slot}`, { name: 'blobs.collect-garbage', payload: { slot }, runAt: at }],
    ]);
  });

  it('queues the next slot at its start when the first run waits for it', async () => {
    const { queue, jobs } = recordingQueue();
    await scheduleRecurrence({ queue, clock: { now: () => at } }, { ...gc, first: 'next-slot' });
    expect(jobs.get(`blobs.collect-garbage:${slot + 1}`)).toEqual({
      name: 'blobs.collect-garbage',
      payload: { slot: slot + 1 },
      runAt: new Date(Date.UTC(2026, 10, 29, 11)),
    });
    expect(jobs.size).toBe(1);
  });
});

describe('defineRecurringJob', () => {
  it('runs its work, then queues the next slot due when that slot starts', async () => {
    const { queue, jobs } = recordingQueue();
    const runs: number[] = [];
    const job = defineRecurringJob(queue, gc, async () => void runs.push(runs.length));
    expect(job.name).toBe('blobs.collect-garbage');
    await job.handler({ slot }, ctx);
    expect(runs).toEqual([0]);
    expect([...jobs.values()]).toEqual([
      { name: 'blobs.collect-garbage', payload: { slot: slot + 1 }, runAt: new Date((slot + 1) * HOUR) },
    ]);
  });

  it('queues the next slot also when the work fails, then throws so the queue retries this slot; a retry queues nothing more', async () => {
    const { queue, jobs } = recordingQueue();
    let attempts = 0;
    const job = defineRecurringJob(queue, gc, async () => {
      attempts++;
      if (attempts === 1) throw new Error('store away');
    });
    await expect(job.handler({ slot }, ctx)).rejects.toThrow('store away');
    expect([...jobs.keys()]).toEqual([`blobs.collect-garbage:${slot + 1}`]);
    await job.handler({ slot }, { ...ctx, attempt: 2 });
    expect(attempts).toBe(2);
    expect([...jobs.keys()]).toEqual([`blobs.collect-garbage:${slot + 1}`]);
  });
});
