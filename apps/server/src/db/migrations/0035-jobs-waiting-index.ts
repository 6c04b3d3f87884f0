import { sql, type Kysely } from 'kysely';

/**
 * The jobs a metrics scrape counts (platform/queue/queue-stats.ts: queued and dead, per name, and the
 * oldest due run_at) in a partial index of their own, which the scrape reads alone: the jobs table keeps
 * every done job, and its (status, run_at) index holds them and every dead version a status change
 * leaves behind, so the scrape's group-by cost 4 to 9 ms a call under the load bench. Done and running
 * jobs are never in this index. Both databases take partial indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index jobs_waiting on jobs (status, name, run_at) where status in ('queued', 'dead')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists jobs_waiting`.execute(db);
}
