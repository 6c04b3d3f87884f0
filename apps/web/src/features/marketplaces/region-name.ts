import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../i18n/date-format';

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

/** A source page's reading day (YYYY-MM-DD) as the portal writes dates (spec section 9: DD/MM/YYYY). */
export function readDay(day: string): string {
  const date = dayjs(day);
  return date.isValid() ? date.format(DATE_FORMAT) : day;
}
