import { z } from 'zod';
import type { Clock } from '../clock';
import type { Db, DbDialect } from '../db/database';
import type { Ids } from '../ids';
import { SqlQueue, type SqlQueueOptions } from './sql-queue';

/** The job of the crash test; the worker process gives it its real handler. */
export const crashJobs = { 'test.crash-effect': { payload: z.object({ orderId: z.string() }) } };

/** A queue of the crash test's job, on the database of the adapters given. */
export const crashQueue = (a: {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  ids: Ids;
  queue: { options: SqlQueueOptions };
}) => new SqlQueue(a.db, a.dialect, a.clock, a.ids, a.queue.options, crashJobs);

export const createCrashEffects =
  'create table if not exists crash_effects (effect_key text primary key, job_id text not null)';
