import { describe, expect, it } from 'vitest';
import { daysOf, localDay, nextDay, startOfLocalDay } from './local-days';

describe('local days', () => {
  it('starts a day at local midnight, across daylight-saving changes', () => {
    expect(new Date(startOfLocalDay('2026-01-15', 'Europe/Paris')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-07-15', 'Europe/Paris')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // The day clocks go forward (29 March 2026) and back (25 October 2026) in Paris.
    expect(new Date(startOfLocalDay('2026-03-29', 'Europe/Paris')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-03-30', 'Europe/Paris')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-10-26', 'Europe/Paris')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-05-01', 'America/New_York')).toISOString()).toBe('2026-05-01T04:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-05-01', 'UTC')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('puts an instant on the day of the zone’s calendar', () => {
    expect(localDay(Date.parse('2026-11-24T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-25');
    expect(localDay(Date.parse('2026-11-24T23:30:00Z'), 'UTC')).toBe('2026-11-24');
    expect(localDay(Date.parse('2026-11-25T03:00:00Z'), 'America/New_York')).toBe('2026-11-24');
  });

  it('lists the days of a period, both ends included, over month and year ends', () => {
    expect(daysOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
