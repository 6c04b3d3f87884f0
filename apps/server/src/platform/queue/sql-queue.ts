import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { Db, DbDialect } from '../db/database';
import type { Ids } from '../ids';
import { jobRegistry, type JobRegistry, type JobSpec } from './job-registry';
import type { EnqueueOptions, JobRecord, JobStatus, Queue } from './queue';
import type { JobsTable } from '../../db/schema';

export interface SqlQueueOptions {
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** First retry delay; doubles each attempt. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Delay before a job that met an unavailable service (a transient failure) runs again. */
  transientRetryMs?: number;
  /** How long after its creation a job's transient failures are not counted as attempts. */
  transientGraceMs?: number;
}

const TRANSIENT_RETRY_MS = 5000;
// Long enough for an outage and for the hourly jobs queued an hour ahead; a job that still meets an
// unavailable service after that counts its failures again, so none is retried for ever.
const TRANSIENT_GRACE_MS = 3 * 60 * 60_000;

// Leases are counted in seconds: looking for expired ones once a second is soon enough.
const SWEEP_EVERY_MS = 1000;

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
export class SqlQueue<R extends JobRegistry = typeof jobRegistry> implements Queue<R> {
  /** Wakes in-process workers as soon as something is enqueued, so latency is not bound to polling. */
  readonly wakeups = new EventEmitter();
  private lastSweep = 0;

  constructor(
    readonly db: Db,
    readonly dialect: DbDialect,
    readonly clock: Clock,
    private readonly ids: Ids,
    readonly options: SqlQueueOptions,
    /** The jobs it queues; tests give their own. */
    private readonly registry: R = jobRegistry as JobRegistry as R,
  ) {
    this.wakeups.setMaxListeners(100);
  }

  /** A queue on the same database, clock and options for other jobs (a test's or a benchmark's own). */
  withJobs<J extends JobRegistry>(registry: J): SqlQueue<J> {
    return new SqlQueue(this.db, this.dialect, this.clock, this.ids, this.options, registry);
  }

  private spec(name: string): JobSpec {
    const found = this.registry[name];
    if (!found) throw new Error(`No job ${name} in the job registry`);
    return found;
  }

  async enqueue<N extends keyof R & string>(
    name: N,
    payload: z.infer<R[N]['payload']>,
    opts: EnqueueOptions,
  ): Promise<{ id: string; created: boolean }> {
    const job = this.spec(name);
    const parsed: unknown = job.payload.parse(payload);
    const now = this.clock.now().toISOString();
    const id = this.ids.uuid();
    const db = opts.within ?? this.db;
    const inserted = await db
      .insertInto('jobs')
      .values({
        id,
        name,
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
    const existing = await db
      .selectFrom('jobs')
      .select('id')
      .where('idempotency_key', '=', opts.key)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  async enqueueAll<N extends keyof R & string>(
    name: N,
    items: { payload: z.infer<R[N]['payload']>; key: string }[],
    opts: Omit<EnqueueOptions, 'key'> = {},
  ): Promise<void> {
    if (!items.length) return;
    const job = this.spec(name);
    const now = this.clock.now().toISOString();
    const runAt = (opts.runAt ?? this.clock.now()).toISOString();
    const maxAttempts = opts.maxAttempts ?? job.maxAttempts ?? this.options.maxAttempts;
    const rows = items.map((i) => ({
      id: this.ids.uuid(),
      name,
      payload: JSON.stringify(job.payload.parse(i.payload)),
      idempotency_key: i.key,
      status: 'queued' as const,
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: runAt,
      created_at: now,
    }));
    const inserted = await (opts.within ?? this.db)
      .insertInto('jobs')
      .values(rows)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .execute();
    if (inserted.length) this.wakeups.emit('job');
  }

  async get(id: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async getByKey(key: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom('jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async deadKeys(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('jobs')
      .select('idempotency_key')
      .where('idempotency_key', 'in', keys)
      .where('status', '=', 'dead')
      .execute();
    return rows.map((r) => r.idempotency_key);
  }

  async pendingKeys(keys: string[]): Promise<string[]> {
    const found: string[] = [];
    // In slices: bound parameters per statement stay well under SQLite's and PostgreSQL's limits.
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await this.db
        .selectFrom('jobs')
        .select('idempotency_key')
        .where('idempotency_key', 'in', keys.slice(i, i + 500))
        .where('status', 'in', ['queued', 'running'])
        .execute();
      found.push(...rows.map((r) => r.idempotency_key));
    }
    return found;
  }

  async revive(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const revived = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: 0,
        run_at: this.clock.now().toISOString(),
        finished_at: null,
        lease_until: null,
        locked_by: null,
      })
      .where('idempotency_key', 'in', keys)
      .where('status', '=', 'dead')
      .executeTakeFirst();
    if (revived.numUpdatedRows > 0n) this.wakeups.emit('job');
    return Number(revived.numUpdatedRows);
  }

  async counts(name?: string): Promise<Record<JobStatus, number>> {
    let q = this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status');
    if (name) q = q.where('name', '=', name);
    const rows = await q.execute();
    const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, dead: 0 };
    for (const r of rows) out[r.status as JobStatus] = Number(r.n);
    return out;
  }

  /**
   * Takes up to limit due jobs for workerId, oldest first. The query walks the (status, run_at) index in
   * order and stops after limit rows, so its cost does not grow with the backlog.
   */
  async claim(workerId: string, names: string[], limit: number): Promise<JobsTable[]> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    if (now.getTime() - this.lastSweep >= SWEEP_EVERY_MS || now.getTime() < this.lastSweep) {
      this.lastSweep = now.getTime();
      await this.sweepExpiredLeases(nowIso);
    }
    let ready = this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('run_at', '<=', nowIso)
      .where('name', 'in', names)
      .orderBy('run_at')
      .limit(limit);
    if (this.dialect === 'postgres') ready = ready.forUpdate().skipLocked();
    const claimed = await this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        lease_until: new Date(now.getTime() + this.options.leaseSeconds * 1000).toISOString(),
        locked_by: workerId,
        started_at: nowIso,
        attempts: sql<number>`attempts + 1`,
      })
      .where('id', 'in', ready)
      .returningAll()
      .execute();
    // RETURNING keeps no order on PostgreSQL; run the oldest first.
    return claimed.sort((a, b) => a.run_at.localeCompare(b.run_at));
  }

  /**
   * Jobs whose worker stopped renewing the lease (it died): back to the queue, keeping their place, or
   * dead when they were tried as often as they may be, since their worker kept dying on them.
   */
  private async sweepExpiredLeases(nowIso: string): Promise<void> {
    const expired = this.db.updateTable('jobs').where('status', '=', 'running').where('lease_until', '<', nowIso);
    await expired
      .set({
        status: 'dead',
        lease_until: null,
        locked_by: null,
        finished_at: nowIso,
        last_error: sql<string>`coalesce(last_error, 'lease expired')`,
      })
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .execute();
    await expired.set({ status: 'queued', lease_until: null, locked_by: null }).execute();
  }

  /** Renews the leases of the jobs workerId holds, so no other worker takes them over. */
  async extendLeases(ids: string[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    const leaseUntil = new Date(this.clock.now().getTime() + this.options.leaseSeconds * 1000).toISOString();
    await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', ids)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Marks finished jobs done; a job whose lease another worker took over meanwhile is left to it. */
  async complete(idOrIds: string | string[], workerId: string): Promise<void> {
    const ids = typeof idOrIds === 'string' ? [idOrIds] : idOrIds;
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', lease_until: null, finished_at: this.clock.now().toISOString(), last_error: null })
      .where('id', 'in', ids)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /**
   * Records a failed attempt: the job runs again after a backoff, or is dead once it used its attempts.
   * A transient failure (a service the job needs was unavailable: a database restart, a blob store outage)
   * is not counted for the first transientGraceMs after the job was queued, and is tried again after a short fixed
   * delay: an outage of a few seconds must not use up in a row the attempts meant for real failures.
   */
  async fail(job: JobsTable, workerId: string, error: string, opts: { transient?: boolean } = {}): Promise<void> {
    const now = this.clock.now();
    const forgiven =
      opts.transient === true &&
      now.getTime() - new Date(job.created_at).getTime() < (this.options.transientGraceMs ?? TRANSIENT_GRACE_MS);
    const dead = !forgiven && job.attempts >= job.max_attempts;
    const base = this.options.backoffBaseMs ?? 1000;
    const delay = forgiven
      ? (this.options.transientRetryMs ?? TRANSIENT_RETRY_MS)
      : Math.min(base * 2 ** (job.attempts - 1), this.options.backoffMaxMs ?? 5 * 60_000);
    await this.db
      .updateTable('jobs')
      .set({
        status: dead ? 'dead' : 'queued',
        lease_until: null,
        locked_by: null,
        last_error: (forgiven ? `unavailable, not counted: ${error}` : error).slice(0, 4000),
        run_at: new Date(now.getTime() + delay).toISOString(),
        finished_at: dead ? now.toISOString() : null,
        ...(forgiven ? { attempts: sql<number>`attempts - 1` } : {}),
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
