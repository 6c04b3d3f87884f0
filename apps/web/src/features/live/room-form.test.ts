import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateError, localAppointment, parseFormDate, toUtcAppointment } from './room-form';

describe('room form', () => {
  const today = dayjs(new Date(2026, 10, 25, 15, 0));

  it('takes DD/MM/YYYY strictly', () => {
    expect(parseFormDate('26/11/2026')?.format('YYYY-MM-DD')).toBe('2026-11-26');
    expect(parseFormDate('31/02/2026')).toBeNull();
    expect(parseFormDate('2026-11-26')).toBeNull();
    expect(parseFormDate('6/11/2026')).toBeNull();
    expect(dateError('26-11-2026', today)).toBe('rooms.form.invalidFormatDate');
  });

  it('refuses a date before today, not today itself', () => {
    expect(dateError('24/11/2026', today)).toBe('rooms.form.dateBeforeToday');
    expect(dateError('25/11/2026', today)).toBeNull();
    expect(dateError('', today)).toBe('common.required');
  });

  it('sends the local date and time as UTC and shows UTC back in local time', () => {
    const utc = toUtcAppointment('26/11/2026', '14:30');
    const local = new Date(2026, 10, 26, 14, 30);
    expect(utc).toBe(local.toISOString().slice(0, 19).replace('T', ' '));
    expect(localAppointment(utc).format('DD/MM/YYYY HH:mm')).toBe('26/11/2026 14:30');
  });
});
