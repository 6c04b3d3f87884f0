/** Control characters a TEXT value may not hold (RFC 5545, 3.3.11: TSAFE-CHAR excludes CONTROL but HTAB). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Escapes a TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped; every line break, CR LF,
 * LF or a lone CR, written `\n`; other control characters dropped. A CR left raw would end the content
 * line for many readers, and what follows it would be read as a property of its own (a forged ATTENDEE).
 */
export const icsText = (s: string): string =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, '');

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const ANY_CONTROL = /[\u0000-\u001f\u007f]/g;

/** A URI value (URL, CAL-ADDRESS, UID): nothing to escape but control characters, percent-encoded. */
export const icsUri = (s: string): string =>
  s.replace(ANY_CONTROL, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

const MAX_OCTETS = 75;

/**
 * Folds a content line at 75 octets (RFC 5545, 3.1): each continuation line starts with one space, which
 * counts in its 75. Cuts fall between characters (code points), never inside a UTF-8 sequence or a
 * surrogate pair.
 */
export const fold = (line: string): string => {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
};

const stamp = (utc: string) => utc.replace(/[-: ]/g, '').replace(/^(\d{8})(\d{6})$/, '$1T$2Z');

/** The calendar invitation of a room: one event at the UTC appointment, an hour long, with the link. */
export function roomInvitation(input: {
  uid: string;
  title: string;
  appointmentUtc: string;
  link: string;
  organizer: string;
  nowUtc: string;
}): string {
  const start = new Date(`${input.appointmentUtc.replace(' ', 'T')}Z`);
  const end = new Date(start.getTime() + 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Forecourt//Live rooms//EN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${icsText(input.uid)}`,
    `DTSTAMP:${stamp(input.nowUtc)}`,
    `DTSTART:${stamp(input.appointmentUtc)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${icsText(input.title)}`,
    `DESCRIPTION:${icsText(input.link)}`,
    `URL:${icsUri(input.link)}`,
    `LOCATION:${icsText(input.link)}`,
    `ORGANIZER:mailto:${icsUri(input.organizer)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}
