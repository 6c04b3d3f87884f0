import type pg from 'pg';

/** Distinct statement texts given a name in this process; texts past it run unnamed, as before. */
const MAX_NAMED_TEXTS = 1000;
/** Prepared statements kept by one connection (each holds its parse tree and plan in its backend's memory). */
const MAX_PER_CONNECTION = 300;

const names = new Map<string, string>();

const nameOf = (text: string): string | null => {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED_TEXTS) return null;
    name = `fc${names.size + 1}`;
    names.set(text, name);
  }
  return name;
};

/**
 * Makes the connection run each statement text with parameters as a named prepared statement: parsed once
 * per connection instead of at every execution, and planned once when PostgreSQL finds its generic plan as
 * good as the custom ones (plan_cache_mode auto). Parsing and planning were most of PostgreSQL's CPU for the
 * portal's small indexed reads and writes. Kysely sends every statement as (text, values), so this is the
 * one place that sees them all. A text seen for the first time in this process, or past the bounds, runs
 * as before. Not for a pooler in transaction mode (PgBouncer before 1.21), where a connection's prepared
 * statements are another connection's.
 */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  // Statements whose result columns changed under them (another process's migration added a column to a
  // table a `select *` reads): PostgreSQL refuses to run them again, so the text runs unnamed from then on.
  const stale = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && typeof callback !== 'function') {
      const name = nameOf(config);
      if (name !== null && !stale.has(name) && (prepared.has(name) || prepared.size < MAX_PER_CONNECTION)) {
        prepared.add(name);
        return (query({ name, text: config, values }) as Promise<unknown>).catch((err: unknown) => {
          if (
            (err as { code?: string }).code === '0A000' &&
            /cached plan must not change result type/.test(String((err as Error).message))
          )
            stale.add(name);
          throw err;
        });
      }
    }
    return query(config, values, callback);
  };
}
