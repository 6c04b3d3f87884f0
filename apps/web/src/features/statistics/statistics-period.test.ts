import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { countTicks, lastDays, showDay } from './statistics-period';

describe('statistics periods', () => {
  it('counts the last days with today included', () => {
    expect(lastDays(7, dayjs('2026-11-25'))).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(lastDays(30, dayjs('2026-03-01'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(showDay('2026-03-01')).toBe('01/03/2026');
  });

  it('gives round axis ticks that reach the highest count', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(43)).toEqual([0, 20, 40, 60]);
    for (const max of [1, 9, 10, 99, 1234]) {
      const ticks = countTicks(max);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
