import type { Clock } from './clock';

/**
 * A fixed-window counter per key, in memory: enough to stop a script on one API process. Limits that
 * must hold across processes are enforced in the database (see the ratings' unique id per day).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key has used up its window. */
  take(key: string): boolean {
    const now = this.clock.now().getTime();
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    if (w.count >= this.limit) return false;
    w.count += 1;
    return true;
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
