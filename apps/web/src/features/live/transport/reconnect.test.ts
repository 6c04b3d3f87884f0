import { describe, expect, it } from 'vitest';
import { backoffDelay, reconnect, type AttemptResult, type ReconnectPolicy } from './reconnect';

const policy: ReconnectPolicy = { firstDelayMs: 200, maxDelayMs: 5000, giveUpAfterMs: 60_000 };

/** A clock that only moves when the reconnect loop sleeps, and the delays it slept. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    spend: (ms: number) => (now += ms),
  };
}

describe('reconnecting the signalling socket', () => {
  it('waits twice as long after each failure, up to the cap, spread by a quarter either way', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, policy, () => 0.5))).toEqual([
      200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
    expect(backoffDelay(0, policy, () => 0)).toBe(150);
    expect(backoffDelay(10, policy, () => 0.999)).toBeLessThanOrEqual(6250);
  });

  it('tries again after each failure and stops at the first success', async () => {
    const time = fakeTime();
    const results: AttemptResult[] = ['retry', 'retry', 'retry', 'connected'];
    let tries = 0;
    const result = await reconnect(async () => results[tries++]!, {
      policy,
      sleep: time.sleep,
      now: time.now,
      cancelled: () => false,
      random: () => 0.5,
    });
    expect(result).toBe('connected');
    expect(tries).toBe(4);
    expect(time.slept).toEqual([200, 400, 800, 1600]);
  });

  it('stops at once when the room refuses the participant for good', async () => {
    const time = fakeTime();
    let tries = 0;
    const result = await reconnect(async () => (++tries === 2 ? 'fatal' : 'retry'), {
      policy,
      sleep: time.sleep,
      now: time.now,
      cancelled: () => false,
    });
    expect(result).toBe('fatal');
    expect(tries).toBe(2);
  });

  it('gives up once the policy’s time is spent, counting the time the tries themselves took', async () => {
    const time = fakeTime();
    let tries = 0;
    const result = await reconnect(
      async () => {
        tries++;
        time.spend(10_000);
        return 'retry';
      },
      { policy, sleep: time.sleep, now: time.now, cancelled: () => false, random: () => 0.5 },
    );
    expect(result).toBe('gaveUp');
    expect(time.now()).toBeGreaterThanOrEqual(60_000);
    expect(tries).toBe(6);
  });

  it('stops trying when the user leaves meanwhile, even with a try under way', async () => {
    const time = fakeTime();
    let left = false;
    let tries = 0;
    const result = await reconnect(
      async () => {
        tries++;
        if (tries < 3) return 'retry';
        left = true;
        return 'connected';
      },
      { policy, sleep: time.sleep, now: time.now, cancelled: () => left },
    );
    expect(result).toBe('cancelled');
    expect(tries).toBe(3);
    expect(
      await reconnect(async () => 'connected', { policy, sleep: time.sleep, now: time.now, cancelled: () => true }),
    ).toBe('cancelled');
  });
});
