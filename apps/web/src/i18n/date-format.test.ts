import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dateTimeFormat, dateTimeSecondsFormat, firstDayOfWeek, timeFormat } from './date-format';

describe('date and time conventions', () => {
  it('uses 24-hour time and Monday weeks for French and Spanish', () => {
    for (const lang of ['fr', 'es', 'fr-FR']) {
      expect(timeFormat(lang)).toBe('HH:mm');
      expect(firstDayOfWeek(lang)).toBe(1);
    }
  });

  it('uses am/pm and Sunday weeks for English and the other languages', () => {
    for (const lang of ['en', 'de', 'pl', 'it', 'nl', 'pt', 'sv', 'da']) {
      expect(timeFormat(lang)).toBe('hh:mm A');
      expect(firstDayOfWeek(lang)).toBe(0);
    }
  });

  it('writes a date with its time in the language’s clock, as the DMS sync time shows it', () => {
    const at = dayjs('2026-03-07T15:04:00');
    expect(at.format(dateTimeFormat('en'))).toBe('07/03/2026 03:04 PM');
    expect(at.format(dateTimeFormat('fr'))).toBe('07/03/2026 15:04');
    expect(at.format(dateTimeFormat('es-ES'))).toBe('07/03/2026 15:04');
  });

  it('writes seconds in the same conventions, as the webhook delivery log shows attempts', () => {
    const at = dayjs('2026-03-07T15:04:05');
    expect(at.format(dateTimeSecondsFormat('en'))).toBe('07/03/2026 03:04:05 PM');
    expect(at.format(dateTimeSecondsFormat('fr'))).toBe('07/03/2026 15:04:05');
  });
});
