import { describe, expect, it } from 'vitest';
import { visitTime } from './visit-time';

describe("an alert e-mail's visit time", () => {
  const at = '2026-11-29T19:04:00.000Z';
  it('writes DD/MM/YYYY and the language’s clock, in the sender’s time zone', () => {
    expect(visitTime(at, 'en', 'UTC')).toBe('29/11/2026 07:04 PM');
    expect(visitTime(at, 'fr', 'Europe/Paris')).toBe('29/11/2026 20:04');
    expect(visitTime(at, 'es', 'UTC')).toBe('29/11/2026 19:04');
    expect(visitTime('2026-11-29T23:30:00.000Z', 'de', 'Europe/Berlin')).toBe('30/11/2026 12:30 AM');
  });
  it('says UTC when the time zone is unknown', () => {
    expect(visitTime(at, 'sv', 'Mars/Base')).toBe('29/11/2026 07:04 PM UTC');
  });
});
