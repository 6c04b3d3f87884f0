import type { Db } from '../db/database';
import { rawRows, SqlParams } from '../db/raw-sql';

export interface QueueStats {
  /** Queued jobs (due or waiting for a retry) per job name. */
  depth: Map<string, number>;
  /** Age in seconds of the oldest job per name that is due and not yet claimed. */
  oldestWaitingSeconds: Map<string, number>;
  /** Jobs given up on per job name. */
  dead: Map<string, number>;
}

/**
 * What the queue holds right now, per job name; read at each metrics scrape. One statement over the
 * partial index of queued and dead jobs (migration 0035), never over the done jobs the table keeps.
 */
export async function readQueueStats(db: Db, now: Date): Promise<QueueStats> {
  const p = new SqlParams(db);
  const rows = await rawRows<{ name: string; status: string; n: number | string; oldest: string | null }>(
    db,
    `select name, status, count(*) as n, min(case when run_at <= ${p.bind(now.toISOString())} then run_at end) as oldest
     from jobs where status in ('queued', 'dead') group by status, name`,
    p,
  );
  const queued = rows.filter((r) => r.status === 'queued');
  return {
    depth: new Map(queued.map((r) => [r.name, Number(r.n)])),
    oldestWaitingSeconds: new Map(
      queued.flatMap((r) =>
        r.oldest === null
          ? []
          : [[r.name, Math.max(0, (now.getTime() - new Date(String(r.oldest)).getTime()) / 1000)] as const],
      ),
    ),
    dead: new Map(rows.filter((r) => r.status === 'dead').map((r) => [r.name, Number(r.n)])),
  };
}
