import type { z } from 'zod';
import type { Executor } from '../db/database';
import { jobRegistry, type JobName, type JobPayload, type JobRegistry } from './job-registry';

export interface JobContext {
  jobId: string;
  attempt: number;
  /** Aborted when the worker is stopping; a long handler may stop early and be retried later. */
  signal: AbortSignal;
}

/** A job: a name, a payload schema and an idempotent handler. Retries and leases come from the queue. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  // Method syntax on purpose: a list of jobs with different payloads is then a JobDefinition[].
  handler(payload: z.infer<S>, ctx: JobContext): Promise<void>;
  maxAttempts?: number;
  /** The worker lane that runs it (JobSpec in job-registry.ts). Unset: the main lane. */
  lane?: 'media';
}

/** The definition of a job of a registry: its schema, attempts and lane from there, its handler from the caller. */
export const defineJobOf = <R extends JobRegistry, N extends keyof R & string>(
  registry: R,
  name: N,
  handler: (payload: z.infer<R[N]['payload']>, ctx: JobContext) => Promise<void>,
): JobDefinition<R[N]['payload']> => ({
  name,
  schema: registry[name]!.payload,
  maxAttempts: registry[name]!.maxAttempts,
  lane: registry[name]!.lane,
  handler,
});

/** The handler of one of the server's jobs (job-registry.ts), for the worker to run. */
export const defineJob = <N extends JobName>(
  name: N,
  handler: (payload: JobPayload<N>, ctx: JobContext) => Promise<void>,
): JobDefinition<(typeof jobRegistry)[N]['payload']> => defineJobOf(jobRegistry, name, handler);

export interface EnqueueOptions {
  /** Enqueueing the same key twice makes one job. */
  key: string;
  /**
   * The caller's open transaction: the job is then written with the caller's rows, so a crash can never
   * leave those rows without their job (or a job without its rows).
   */
  within?: Executor;
  runAt?: Date;
  maxAttempts?: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'dead';

export interface JobRecord {
  id: string;
  name: string;
  status: JobStatus;
  attempts: number;
  lastError: string | null;
  payload: unknown;
}

/** Queues jobs by their name in a registry (job-registry.ts), the payload typed by that name. */
export interface Queue<R extends JobRegistry = typeof jobRegistry> {
  enqueue<N extends keyof R & string>(
    name: N,
    payload: z.infer<R[N]['payload']>,
    opts: EnqueueOptions,
  ): Promise<{ id: string; created: boolean }>;
  /**
   * Several jobs of one name in one write (one round trip inside the caller's transaction); each key makes
   * one job, as with enqueue.
   */
  enqueueAll<N extends keyof R & string>(
    name: N,
    items: { payload: z.infer<R[N]['payload']>; key: string }[],
    opts?: Omit<EnqueueOptions, 'key'>,
  ): Promise<void>;
  get(id: string): Promise<JobRecord | null>;
  getByKey(key: string): Promise<JobRecord | null>;
  /** Counts of jobs per status, optionally for one job name. */
  counts(name?: string): Promise<Record<JobStatus, number>>;
  /** The keys, among these, of jobs that are dead. */
  deadKeys(keys: string[]): Promise<string[]>;
  /** The keys, among these, of jobs still to run: queued or running. */
  pendingKeys(keys: string[]): Promise<string[]>;
  /** Dead jobs of these keys back in the queue, due now, with all their attempts again; answers how many. */
  revive(keys: string[]): Promise<number>;
}

export interface Worker {
  start(): void;
  /** Stops claiming, lets running jobs finish within the grace period, releases the rest for the next start. */
  stop(graceMs?: number): Promise<void>;
  readonly polling: boolean;
}
