/**
 * A country's name in the reader's language (ISO 3166-1 alpha-2 code in, e.g. "CH" → "Switzerland", "Suisse"),
 * from the browser's own data; the code itself where the browser has no name for it.
 */
export function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A source page's reading day (YYYY-MM-DD) as the reader writes dates. */
export function readDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
