// `--pg-stats` of the load bench: PostgreSQL's own account of its statements during the run
// (pg_stat_statements, preloaded only with the flag), to find where the database's share of the CPU goes.
import pg from 'pg';

/** The extension made and its counters zeroed, so the figures are the run's alone (not the demo seeding's). */
export async function resetStatementStats(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

/**
 * The statements that took the most of the backends' time since the reset, then those run most often (a
 * statement's fixed cost, the round trip, parse and plan, is most of PostgreSQL's CPU for cheap ones), one
 * line each. Times are wall time inside PostgreSQL: lock waits and preemption included.
 */
export async function topStatements(url: string, limit = 25): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const total = await client.query<{ ms: number; calls: string }>(
      'SELECT sum(total_exec_time)::float AS ms, sum(calls)::text AS calls FROM pg_stat_statements',
    );
    const top = (order: string) =>
      client.query<{ calls: string; ms: number; mean: number; rows: string; query: string }>(
        `SELECT calls::text, total_exec_time::float AS ms, mean_exec_time::float AS mean, rows::text, query
           FROM pg_stat_statements s ORDER BY s.${order} DESC LIMIT $1`,
        [limit],
      );
    const all = total.rows[0]!;
    const line = (r: { calls: string; ms: number; mean: number; rows: string; query: string }) =>
      `${((r.ms / all.ms) * 100).toFixed(1).padStart(5)} % ${Math.round(r.ms).toString().padStart(6)} ms ${r.calls.padStart(7)} calls ${r.mean.toFixed(3)} ms/call ${r.rows} rows  ${r.query.replace(/\s+/g, ' ').slice(0, 260)}`;
    return [
      `PostgreSQL: ${all.calls} statements, ${Math.round(all.ms)} ms executing; the top ${limit} by total time:`,
      ...(await top('total_exec_time')).rows.map(line),
      `The top ${limit} by calls:`,
      ...(await top('calls')).rows.map(line),
    ];
  } finally {
    await client.end();
  }
}
