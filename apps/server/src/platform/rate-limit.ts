import type { Clock } from './clock';
import type { Db } from './db/database';
import { rawRows, SqlParams } from './db/raw-sql';

// Expired windows are removed at most this often by each process, as it counts.
const SWEEP_EVERY_MS = 60_000;

/**
 * A fixed-window counter per key, kept in the database (rate_limits, migration 0017): every API process
 * counts in the same row, so a flood spread over processes behind a load balancer is limited as one.
 * One upsert a hit, atomic on both databases. A caller that has more to do in the same round trip
 * (modules/players/players.repo.ts on PostgreSQL) puts the upsert of hitSql into its own statement,
 * judges the returned count with allows and calls sweep afterwards, as take does.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Names the limit, so that two limiters never share a caller's count. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key has used up its window. */
  async take(key: string): Promise<boolean> {
    return (await this.hit(key)).allowed;
  }

  /**
   * Counts one hit; when the key has used up its window, also how long until it opens again (whole
   * seconds, at least 1), for a `Retry-After`.
   */
  async hit(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const now = this.clock.now().getTime();
    // SQL text (db/raw-sql.ts): the public player's writes take one or two of these a request, and Kysely's
    // building and compiling of this upsert cost more than running it.
    const p = new SqlParams(this.db);
    const [row] = await rawRows<{ count: number | string; window_end: number | string }>(
      this.db,
      this.hitSql(p, key, now),
      p,
    );
    await this.sweep(now);
    if (this.allows(row!.count)) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row!.window_end) - now) / 1000)) };
  }

  /**
   * The upsert of one hit of key at now, `returning "count", window_end`, its values bound in p. With `gate` (the
   * name of a common table expression of the same statement), the hit is counted only when the gate has a
   * row: the upsert inserts `select ... from gate`.
   */
  hitSql(p: SqlParams, key: string, now: number, gate?: string): string {
    const k = p.bind(`${this.name}:${key}`);
    const end = p.bind(now + this.windowMs);
    const row = gate ? `select cast(${k} as text), 1, cast(${end} as bigint) from ${gate}` : `values (${k}, 1, ${end})`;
    return `insert into rate_limits ("key", "count", window_end) ${row}
       on conflict ("key") do update set
         "count" = case when rate_limits.window_end <= ${p.bind(now)} then 1 else rate_limits.count + 1 end,
         window_end = case when rate_limits.window_end <= ${p.bind(now)} then excluded.window_end else rate_limits.window_end end
       returning "count", window_end`;
  }

  /** Whether a hit that brought the count to this is let through. */
  allows(count: number | string): boolean {
    return Number(count) <= this.limit;
  }

  /** The highest count let through (for a statement that judges the count itself, as allows does). */
  get max(): number {
    return this.limit;
  }

  /** Removes expired windows, at most once a minute per limiter. */
  async sweep(now = this.clock.now().getTime()): Promise<void> {
    if (now - this.lastSweep >= SWEEP_EVERY_MS || now < this.lastSweep) {
      this.lastSweep = now;
      await this.db.deleteFrom('rate_limits').where('window_end', '<', now).execute();
    }
  }
}
