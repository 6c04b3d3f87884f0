import { describe, expect, it } from 'vitest';
import { fold, icsText, roomInvitation } from './ics';

const invitation = (over: Partial<Parameters<typeof roomInvitation>[0]> = {}) =>
  roomInvitation({
    uid: 'room-1@forecourt',
    title: 'Trade-in review',
    appointmentUtc: '2026-12-01 09:30:00',
    link: 'https://portal.example/videos/live/rooms/room-1?code=abc',
    organizer: 'dealer@example.com',
    nowUtc: '2026-11-29 01:00:00',
    ...over,
  });

/** The content lines as a calendar reads them: CRLF-separated, a line starting with a space continuing the last. */
const contentLines = (ics: string): string[] =>
  ics
    .split('\r\n')
    .reduce<string[]>(
      (lines, l) => (l.startsWith(' ') ? [...lines.slice(0, -1), lines.at(-1)! + l.slice(1)] : [...lines, l]),
      [],
    )
    .filter((l) => l !== '');

describe('roomInvitation', () => {
  it('keeps a room name that holds a lone CR and a property inside its SUMMARY: no forged ATTENDEE', () => {
    const ics = invitation({ title: 'CR only\rATTENDEE:mailto:evil@example.com' });
    // No raw CR or LF but the CRLF ending each physical line.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = contentLines(ics);
    expect(lines.filter((l) => /^ATTENDEE/i.test(l))).toEqual([]);
    expect(lines).toContain('SUMMARY:CR only\\nATTENDEE:mailto:evil@example.com');
  });

  it('escapes LF, CR LF, backslash, semicolon and comma, and drops other control characters', () => {
    expect(icsText('a\nb\r\nc\rd')).toBe('a\\nb\\nc\\nd');
    expect(icsText('x\\y;z,w')).toBe('x\\\\y\\;z\\,w');
    expect(icsText('bell\u0007 tab\t vt\u000b del\u007f')).toBe('bell tab\t vt del');
  });

  it('keeps CR and LF out of the URI values (URL, ORGANIZER)', () => {
    const ics = invitation({ organizer: 'dealer@example.com\r\nATTENDEE:mailto:evil@example.com' });
    expect(contentLines(ics).filter((l) => /^ATTENDEE/i.test(l))).toEqual([]);
    expect(contentLines(ics)).toContain('ORGANIZER:mailto:dealer@example.com%0D%0AATTENDEE:mailto:evil@example.com');
  });

  it('folds every line at 75 octets, never inside a UTF-8 character, and unfolds to the same text', () => {
    // 'SUMMARY:' and 64 ASCII letters are 72 octets: a car (4 octets, two UTF-16 units) lands on the cut.
    const title = `${'x'.repeat(64)}${'🚗'.repeat(30)}${'é'.repeat(50)}`;
    const ics = invitation({ title });
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // Each physical line is whole UTF-8 on its own: no sequence cut in two.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      expect(line).not.toMatch(/[\uD800-\uDFFF]/u);
    }
    expect(contentLines(ics)).toContain(`SUMMARY:${title}`);
  });

  it('folds an ASCII line into 75 octets, then 74 after the leading space', () => {
    const physical = fold(`SUMMARY:${'a'.repeat(200)}`).split('\r\n');
    expect(physical.map((l) => Buffer.byteLength(l))).toEqual([75, 75, 60]);
    expect(physical.slice(1).every((l) => l.startsWith(' '))).toBe(true);
  });
});
