import type { Db } from '../db/database';

export interface QueueStats {
  /** Queued jobs (due or waiting for a retry) per job name. */
  depth: Map<string, number>;
  /** Age in seconds of the oldest job per name that is due and not yet claimed. */
  oldestWaitingSeconds: Map<string, number>;
  /** Jobs given up on per job name. */
  dead: Map<string, number>;
}

/** What the queue holds right now, per job name; read at each metrics scrape. */
export async function readQueueStats(db: Db, now: Date): Promise<QueueStats> {
  const nowIso = now.toISOString();
  const [queued, due, dead] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'queued')
      .groupBy('name')
      .execute(),
    db
      .selectFrom('jobs')
      .select(['name', (eb) => eb.fn.min('run_at').as('oldest')])
      .where('status', '=', 'queued')
      .where('run_at', '<=', nowIso)
      .groupBy('name')
      .execute(),
    db
      .selectFrom('jobs')
      .select(['name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'dead')
      .groupBy('name')
      .execute(),
  ]);
  return {
    depth: new Map(queued.map((r) => [r.name, Number(r.n)])),
    oldestWaitingSeconds: new Map(
      due.map((r) => [r.name, Math.max(0, (now.getTime() - new Date(String(r.oldest)).getTime()) / 1000)]),
    ),
    dead: new Map(dead.map((r) => [r.name, Number(r.n)])),
  };
}
