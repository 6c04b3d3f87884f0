import type { Clock } from '../clock';
import type { JobName, Jobs, SlotPayload } from './job-registry';
import { defineJob, type JobContext, type JobDefinition, type Queue } from './queue';

/** The server's jobs whose payload is a time slot (SlotPayload in job-registry.ts). */
export type RecurringJobName = {
  [N in JobName]: Jobs[N]['payload'] extends typeof SlotPayload ? N : never;
}[JobName];

/**
 * A job that runs once per time slot of `everyMs`, for ever: each run queues the next slot's, keyed
 * `<name>:<slot>`, so every process's start and every retry make one job per slot and the chain never
 * stops while a worker runs. A module declares its recurrences in `<name>.module.ts` (`recurring`); the
 * worker queues their first runs at its start (modules/jobs.ts).
 */
export interface Recurrence {
  name: RecurringJobName;
  everyMs: number;
  /** The first run: the current slot's, at once, or the next slot's, at its time. */
  first: 'current-slot' | 'next-slot';
}

const keyOf = (name: string, slot: number) => `${name}:${slot}`;

/** Queues one slot's run, due when that slot starts (or at once when it already has). */
const queueSlot = (queue: Queue, r: Recurrence, slot: number, runAt: Date) =>
  queue.enqueue(r.name, { slot }, { key: keyOf(r.name, slot), runAt });

/**
 * The job of a recurrence: it runs `run`, then queues the next slot's run, also when `run` failed (the
 * failure is then thrown, so the queue retries this slot's run; the next slot's is queued once).
 */
export function defineRecurringJob(
  queue: Queue,
  r: Recurrence,
  run: (ctx: JobContext) => Promise<void>,
): JobDefinition {
  return defineJob(r.name, async ({ slot }, ctx) => {
    let failure: unknown = null;
    try {
      await run(ctx);
    } catch (err) {
      failure = err ?? new Error(`${r.name} failed`);
    }
    await queueSlot(queue, r, slot + 1, new Date((slot + 1) * r.everyMs));
    if (failure) throw failure;
  });
}

/** Queues the first run of a recurrence, at a worker's start; each run then queues the next. */
export async function scheduleRecurrence(deps: { queue: Queue; clock: Clock }, r: Recurrence): Promise<void> {
  const now = deps.clock.now();
  const current = Math.floor(now.getTime() / r.everyMs);
  if (r.first === 'current-slot') await queueSlot(deps.queue, r, current, now);
  else await queueSlot(deps.queue, r, current + 1, new Date((current + 1) * r.everyMs));
}
