import { describe, expect, it } from 'vitest';
import { isTimeZone, meetingWhen } from './meeting-when';

describe('a meeting’s date and time in its invitation', () => {
  it('is worded in the recipient’s language, at the hour of the meeting’s time zone, which it names', () => {
    // The zone's name is ICU's ("heure d’Europe centrale"), whose wording moves between versions.
    expect(meetingWhen('2026-12-01 13:30:00', 'fr', 'Europe/Paris')).toMatch(/^mardi 1 décembre 2026 à 14:30 \S/);
    expect(meetingWhen('2026-12-01 13:30:00', 'en', 'Europe/London')).toMatch(
      /^Tuesday, December 1, 2026 at 1:30\sPM \S/,
    );
    expect(meetingWhen('2026-12-01 23:30:00', 'de', 'Europe/Berlin')).toMatch(/^Mittwoch, 2\. Dezember 2026 um 00:30/);
  });

  it('tells a known time zone from an unknown one', () => {
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
