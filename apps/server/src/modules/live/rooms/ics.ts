/** Escapes a text value of an iCalendar property (RFC 5545, 3.3.11). */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 5545, 3.1). */
const fold = (line: string): string => {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
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
    `UID:${input.uid}`,
    `DTSTAMP:${stamp(input.nowUtc)}`,
    `DTSTART:${stamp(input.appointmentUtc)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${icsText(input.title)}`,
    `DESCRIPTION:${icsText(input.link)}`,
    `URL:${input.link}`,
    `LOCATION:${icsText(input.link)}`,
    `ORGANIZER:mailto:${input.organizer}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}
