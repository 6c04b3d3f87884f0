/**
 * The alert's date and time in the sender's time zone as the portal writes them (spec section 9): DD/MM/YYYY, then
 * 24-hour time in French and Spanish, 12-hour time (AM/PM) otherwise. In UTC, said so, when the zone is unknown.
 */
export function visitTime(at: string, locale: string, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  let zone = '';
  const fields = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' } as const;
  try {
    parts = new Intl.DateTimeFormat('en-GB', { ...fields, hourCycle: 'h23', timeZone }).formatToParts(new Date(at));
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { ...fields, hourCycle: 'h23', timeZone: 'UTC' }).formatToParts(
      new Date(at),
    );
    zone = ' UTC';
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const hour = Number(part('hour'));
  const time = ['fr', 'es'].includes(locale.split('-')[0]!)
    ? `${part('hour')}:${part('minute')}`
    : `${String(hour % 12 || 12).padStart(2, '0')}:${part('minute')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${part('day')}/${part('month')}/${part('year')} ${time}${zone}`;
}
