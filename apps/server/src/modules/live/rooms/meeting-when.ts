/**
 * A meeting's date and time as its invitation e-mail states them: in the recipient's language and the meeting's
 * time zone, named, so that a customer elsewhere reads the right hour ("mardi 1 décembre 2026 à 14:30 heure
 * d’Europe centrale"). ICU words it in every language, so no catalogue is needed.
 */
export function meetingWhen(appointmentUtc: string, language: string, timeZone: string): string {
  const at = new Date(`${appointmentUtc.replace(' ', 'T')}Z`);
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'longGeneric',
  }).format(at);
}

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
