import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdapters } from '../test/test-adapters';
import { TestClock } from '../test/test-clock';
import { createAdapters, type Adapters } from './adapters';
import { RateLimiter } from './rate-limit';

// Runs on SQLite and, in CI's PostgreSQL pass, on PostgreSQL: the counters are rows both dialects update
// atomically, so API processes counting at the same instant never let more through than the limit.
describe('RateLimiter', () => {
  const clock = new TestClock('2026-05-01T08:00:00Z');
  let a: Awaited<ReturnType<typeof createTestAdapters>>;
  let b: Adapters;

  beforeEach(async () => {
    a = await createTestAdapters({}, { clock });
    // A second process: connections of its own on the same database.
    b = await createAdapters(a.config, { clock });
  });
  afterEach(async () => {
    await b.close();
    await a.cleanup();
  });

  it('lets exactly the limit through when two processes count the same key at once', async () => {
    const limiters = [
      new RateLimiter(a.db, clock, 'test', 10, 60_000),
      new RateLimiter(b.db, clock, 'test', 10, 60_000),
    ];
    const answers = await Promise.all(Array.from({ length: 40 }, (_v, i) => limiters[i % 2]!.take('caller')));
    expect(answers.filter(Boolean)).toHaveLength(10);
  });

  it('starts a new window once the last one ended, and keeps callers and limits apart', async () => {
    const limiter = new RateLimiter(a.db, clock, 'test', 2, 60_000);
    const other = new RateLimiter(b.db, clock, 'other', 2, 60_000);
    expect([await limiter.take('x'), await limiter.take('x'), await limiter.take('x')]).toEqual([true, true, false]);
    expect(await limiter.take('y')).toBe(true);
    expect(await other.take('x')).toBe(true);
    clock.advance(59_999);
    expect(await limiter.take('x')).toBe(false);
    clock.advance(1);
    expect([await limiter.take('x'), await limiter.take('x'), await limiter.take('x')]).toEqual([true, true, false]);
  });
});
