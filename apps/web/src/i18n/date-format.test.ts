import { describe, expect, it } from 'vitest';
import { firstDayOfWeek, timeFormat } from './date-format';

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
});
