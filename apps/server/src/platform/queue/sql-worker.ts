import os from 'node:os';
import type { JobsTable } from '../../db/schema';
import { isTransientError } from '../transient-errors';
import type { JobRegistry } from './job-registry';
import type { JobDefinition, Worker } from './queue';
import type { SqlQueue } from './sql-queue';

// A finished job is marked done within this delay, together with the others finished meanwhile.
const FLUSH_AFTER_MS = 50;
// When the database could not be told (it is restarting), the outcome is told again after this delay.
const RETELL_AFTER_MS = 1000;
const RETELL_TIMES = 10;

export interface SqlWorkerOptions {
  /** Jobs run at the same time. */
  concurrency: number;
  /**
   * Jobs claimed in one query (at least concurrency). The ones not yet running wait in this worker,
   * leased to it; fewer queries per job is what lets small jobs through by the thousand a second. At
   * most concurrency, nothing is claimed ahead of a free slot.
   */
  batchSize?: number;
  onError?: (err: unknown, job?: JobsTable) => void;
  /** Every run that ended, with its duration; for the process's metrics. */
  onJobFinished?: (job: JobsTable, seconds: number, failed: boolean) => void;
}

/** Polls the queue and runs the registered jobs, at most `concurrency` at a time. */
export class SqlWorker<R extends JobRegistry = JobRegistry> implements Worker {
  readonly id = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly jobs = new Map<string, JobDefinition>();
  /** Claimed, waiting for a free slot. */
  private readonly claimed: JobsTable[] = [];
  private readonly running = new Map<string, Promise<void>>();
  /** Finished, to be marked done together: before the next claim, or FLUSH_AFTER_MS after the first. */
  private finished: string[] = [];
  private finishedSince: number | null = null;
  /** No flush before this instant: the last one could not reach the database. */
  private retellAt = 0;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** A wake-up that came while the loop was busy; the next idle() returns at once. */
  private woken = false;
  private _polling = false;

  constructor(
    private readonly queue: SqlQueue<R>,
    definitions: JobDefinition[],
    private readonly options: SqlWorkerOptions,
  ) {
    for (const d of definitions) this.jobs.set(d.name, d);
  }

  get polling(): boolean {
    return this._polling;
  }

  start(): void {
    if (this.loop) return;
    const onJob = () => this.poke();
    this.queue.wakeups.on('job', onJob);
    // Well inside the lease, so a slow database round trip never lets it lapse.
    this.heartbeat = setInterval(
      () => void this.queue.extendLeases(this.held(), this.id).catch((e: unknown) => this.options.onError?.(e)),
      (this.queue.options.leaseSeconds * 1000) / 3,
    );
    this.loop = this.run().finally(() => this.queue.wakeups.off('job', onJob));
  }

  /** Every job this worker holds a lease on, the finished ones included until they are marked done. */
  private held(): string[] {
    return [...this.claimed.map((j) => j.id), ...this.running.keys(), ...this.finished];
  }

  private async run(): Promise<void> {
    const names = [...this.jobs.keys()];
    const batch = Math.max(this.options.batchSize ?? 32, this.options.concurrency);
    // A batch no larger than the slots claims only for a free slot: a long job is never leased ahead to a
    // busy worker while another could run it.
    const ahead = batch > this.options.concurrency;
    this._polling = true;
    while (!this.stopping) {
      this.fill();
      if (this.claimed.length === 0 && names.length > 0 && (ahead || this.running.size < this.options.concurrency)) {
        await this.flushFinished();
        try {
          this.claimed.push(...(await this.queue.claim(this.id, names, batch)));
        } catch (err) {
          this.options.onError?.(err);
        }
        this.fill();
      }
      if (this.finishedSince !== null && performance.now() - this.finishedSince >= FLUSH_AFTER_MS)
        await this.flushFinished();
      if (this.claimed.length === 0 || this.running.size >= this.options.concurrency) await this.idle();
    }
  }

  /** Starts claimed jobs while there are free slots. */
  private fill(): void {
    while (this.running.size < this.options.concurrency && this.claimed.length > 0) this.launch(this.claimed.shift()!);
  }

  /**
   * Marks the finished jobs done in one query. When the database cannot be reached they stay to be marked
   * at the next flush (their leases still renewed): a finished job whose lease lapsed would run again.
   */
  private async flushFinished(): Promise<void> {
    if (this.finished.length === 0 || performance.now() < this.retellAt) return;
    const ids = this.finished;
    this.finished = [];
    this.finishedSince = null;
    await this.queue.complete(ids, this.id).catch((e: unknown) => {
      this.options.onError?.(e);
      this.finished.unshift(...ids);
      this.finishedSince = performance.now();
      this.retellAt = performance.now() + RETELL_AFTER_MS;
    });
  }

  /** Records a failed run; told again for a while when the database is away (it may be the very failure). */
  private async recordFailure(job: JobsTable, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const transient = isTransientError(err);
    for (let time = 1; ; time++) {
      try {
        await this.queue.fail(job, this.id, message, { transient });
        return;
      } catch (e) {
        this.options.onError?.(e, job);
        if (time >= RETELL_TIMES || this.stopping || !isTransientError(e)) return;
        await new Promise((r) => setTimeout(r, RETELL_AFTER_MS));
      }
    }
  }

  private poke(): void {
    if (this.wake) this.wake();
    else this.woken = true;
  }

  /** Waits for a wake-up (a new job or a finished one) or the poll interval, whichever comes first. */
  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.wake = done;
      this.timer = setTimeout(
        done,
        this.finished.length > 0 ? Math.min(FLUSH_AFTER_MS, this.queue.options.pollMs) : this.queue.options.pollMs,
      );
    });
  }

  private launch(job: JobsTable): void {
    const def = this.jobs.get(job.name);
    const started = performance.now();
    const ended = (failed: boolean) => this.options.onJobFinished?.(job, (performance.now() - started) / 1000, failed);
    const work = (async () => {
      try {
        if (!def) throw new Error(`No handler for job ${job.name}`);
        const payload = def.schema.parse(JSON.parse(job.payload));
        await def.handler(payload, { jobId: job.id, attempt: job.attempts, signal: this.abort.signal });
        // Finished, even if after the stop signal: marking it done spares a second run.
        this.finished.push(job.id);
        this.finishedSince ??= performance.now();
        ended(false);
      } catch (err) {
        if (this.stopping && this.abort.signal.aborted) return;
        ended(true);
        this.options.onError?.(err, job);
        await this.recordFailure(job, err);
      }
    })().finally(() => {
      this.running.delete(job.id);
      this.poke();
    });
    this.running.set(job.id, work);
  }

  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this._polling = false;
    this.wake?.();
    await this.loop;
    // Claimed but not started: straight back to the queue.
    await this.queue.release(
      this.claimed.splice(0).map((j) => j.id),
      this.id,
    );
    const pending = [...this.running.values()];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending),
      new Promise((r) => {
        timer = setTimeout(r, graceMs);
      }),
    ]);
    clearTimeout(timer);
    this.abort.abort();
    await this.flushFinished();
    await this.queue.release([...this.running.keys()], this.id);
    if (this.heartbeat) clearInterval(this.heartbeat);
  }
}
