import { EventEmitter } from 'node:events';
import os from 'node:os';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db, DbDialect } from '../db/database';
import type { Ids } from '../ids';
import type { EnqueueOptions, JobDefinition, JobRecord, JobStatus, Queue, Worker } from './queue';
import type { JobsTable } from '../../db/schema';

export interface SqlQueueOptions {
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** First retry delay; doubles each attempt. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

const toRecord = (row: JobsTable): JobRecord => ({
  id: row.id,
  name: row.name,
  status: row.status as JobStatus,
  attempts: row.attempts,
  lastError: row.last_error,
  payload: JSON.parse(row.payload) as unknown,
});

/**
 * The durable queue: a jobs table in the application's own database (SQLite or PostgreSQL). Jobs are
 * claimed with a lease; a worker that dies leaves its lease to expire and another claim picks the job up.
 */
export class SqlQueue implements Queue {
  /** Wakes in-process workers as soon as something is enqueued, so latency is not bound to polling. */
  readonly wakeups = new EventEmitter();

  constructor(
    readonly db: Db,
    readonly dialect: DbDialect,
    readonly clock: Clock,
    private readonly ids: Ids,
    readonly options: SqlQueueOptions,
  ) {
    this.wakeups.setMaxListeners(100);
  }

  async enqueue<S extends import('zod').ZodType>(
    job: JobDefinition<S>,
    payload: import('zod').infer<S>,
    opts: EnqueueOptions,
  ): Promise<{ id: string; created: boolean }> {
    const parsed = job.schema.parse(payload);
    const now = this.clock.now().toISOString();
    const id = this.ids.uuid();
    const inserted = await this.db
      .insertInto('jobs')
      .values({
        id,
        name: job.name,
        payload: JSON.stringify(parsed),
        idempotency_key: opts.key,
        status: 'queued',
        attempts: 0,
        max_attempts: opts.maxAttempts ?? job.maxAttempts ?? this.options.maxAttempts,
        run_at: (opts.runAt ?? this.clock.now()).toISOString(),
        created_at: now,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      this.wakeups.emit('job');
      return { id: inserted.id, created: true };
    }
    const existing = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('idempotency_key', '=', opts.key)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  async get(id: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async getByKey(key: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom('jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async counts(name?: string): Promise<Record<JobStatus, number>> {
    let q = this.db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status');
    if (name) q = q.where('name', '=', name);
    const rows = await q.execute();
    const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, dead: 0 };
    for (const r of rows) out[r.status as JobStatus] = Number(r.n);
    return out;
  }

  /** Takes up to limit ready jobs (queued and due, or running with an expired lease) for workerId. */
  async claim(workerId: string, names: string[], limit: number): Promise<JobsTable[]> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + this.options.leaseSeconds * 1000).toISOString();
    await this.buryExhausted(nowIso);
    let ready = this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .orderBy('run_at')
      .limit(limit);
    if (this.dialect === 'postgres') ready = ready.forUpdate().skipLocked();
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        lease_until: leaseUntil,
        locked_by: workerId,
        started_at: nowIso,
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', 'in', ready)
      .returningAll()
      .execute();
  }

  /** A job whose lease ran out as often as it may be tried is dead: its worker kept dying on it. */
  private async buryExhausted(nowIso: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'dead', lease_until: null, locked_by: null, finished_at: nowIso, last_error: sql<string>`coalesce(last_error, 'lease expired')` })
      .where('status', '=', 'running')
      .where('lease_until', '<', nowIso)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .execute();
  }

  async extendLease(id: string, workerId: string): Promise<void> {
    const leaseUntil = new Date(this.clock.now().getTime() + this.options.leaseSeconds * 1000).toISOString();
    await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  async complete(id: string, workerId: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', lease_until: null, finished_at: this.clock.now().toISOString(), last_error: null })
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  async fail(job: JobsTable, workerId: string, error: string): Promise<void> {
    const now = this.clock.now();
    const dead = job.attempts >= job.max_attempts;
    const base = this.options.backoffBaseMs ?? 1000;
    const delay = Math.min(base * 2 ** (job.attempts - 1), this.options.backoffMaxMs ?? 5 * 60_000);
    await this.db
      .updateTable('jobs')
      .set({
        status: dead ? 'dead' : 'queued',
        lease_until: null,
        locked_by: null,
        last_error: error.slice(0, 4000),
        run_at: new Date(now.getTime() + delay).toISOString(),
        finished_at: dead ? now.toISOString() : null,
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .execute();
  }

  /** Puts a worker's running jobs back in the queue without counting the interrupted attempt. */
  async release(ids: string[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', lease_until: null, locked_by: null, attempts: sql<number>`attempts - 1` })
      .where('id', 'in', ids)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }
}

export interface SqlWorkerOptions {
  concurrency: number;
  batchSize?: number;
  onError?: (err: unknown, job?: JobsTable) => void;
}

/** Polls the queue and runs the registered jobs, at most `concurrency` at a time. */
export class SqlWorker implements Worker {
  readonly id = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private _polling = false;

  constructor(
    private readonly queue: SqlQueue,
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
    const onJob = () => this.wake?.();
    this.queue.wakeups.on('job', onJob);
    this.loop = this.run().finally(() => this.queue.wakeups.off('job', onJob));
  }

  private async run(): Promise<void> {
    const names = [...this.jobs.keys()];
    const batch = this.options.batchSize ?? Math.max(32, this.options.concurrency);
    this._polling = true;
    while (!this.stopping) {
      const free = this.options.concurrency - this.running.size;
      let claimed: JobsTable[] = [];
      if (free > 0 && names.length > 0) {
        try {
          claimed = await this.queue.claim(this.id, names, Math.min(free, batch));
        } catch (err) {
          this.options.onError?.(err);
        }
      }
      for (const job of claimed) this.launch(job);
      if (claimed.length === 0 || this.running.size >= this.options.concurrency) await this.idle();
    }
  }

  /** Waits for a wake-up (a new job or a finished one) or the poll interval, whichever comes first. */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.wake = done;
      this.timer = setTimeout(done, this.queue.options.pollMs);
    });
  }

  private launch(job: JobsTable): void {
    const def = this.jobs.get(job.name);
    const heartbeat = setInterval(
      () => void this.queue.extendLease(job.id, this.id).catch((e: unknown) => this.options.onError?.(e, job)),
      Math.max(1000, (this.queue.options.leaseSeconds * 1000) / 3),
    );
    const work = (async () => {
      try {
        if (!def) throw new Error(`No handler for job ${job.name}`);
        const payload = def.schema.parse(JSON.parse(job.payload));
        await def.handler(payload, { jobId: job.id, attempt: job.attempts, signal: this.abort.signal });
        if (this.abort.signal.aborted && this.stopping) return;
        await this.queue.complete(job.id, this.id);
      } catch (err) {
        if (this.stopping && this.abort.signal.aborted) return;
        this.options.onError?.(err, job);
        await this.queue.fail(job, this.id, err instanceof Error ? err.message : String(err)).catch((e: unknown) => this.options.onError?.(e, job));
      }
    })().finally(() => {
      clearInterval(heartbeat);
      this.running.delete(job.id);
      this.wake?.();
    });
    this.running.set(job.id, work);
  }

  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this._polling = false;
    this.wake?.();
    await this.loop;
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
    await this.queue.release([...this.running.keys()], this.id);
  }
}
