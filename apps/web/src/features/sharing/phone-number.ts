import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'FR';

/**
 * The number as the SMS API wants it (E.164, no spaces), or null when it is not a valid number. A number
 * typed with + is read as international; otherwise it is read in the chosen country.
 */
export function toInternational(typed: string, country: CountryCode): string | null {
  const compact = typed.replace(/\s+/g, '');
  if (!compact) return null;
  const parsed = parsePhoneNumberFromString(compact, country);
  return parsed?.isValid() ? parsed.number : null;
}
