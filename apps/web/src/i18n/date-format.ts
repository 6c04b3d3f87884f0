/**
 * Date and time conventions of spec section 9, per portal language: dates DD/MM/YYYY everywhere; 24-hour
 * time and weeks starting on Monday for French and Spanish; 12-hour time (am/pm) and weeks starting on
 * Sunday otherwise.
 */
const TWENTY_FOUR_HOUR = new Set(['fr', 'es']);

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YYYY - HH:mm:ss';

export const uses24h = (language: string): boolean => TWENTY_FOUR_HOUR.has(language.split('-')[0]!);

/** dayjs format of a time of day. */
export const timeFormat = (language: string): string => (uses24h(language) ? 'HH:mm' : 'hh:mm A');

/** dayjs format of a date with its time of day, e.g. the DMS sync time (spec section 2: hh:mm A for en). */
export const dateTimeFormat = (language: string): string => `${DATE_FORMAT} ${timeFormat(language)}`;

/** The same with seconds, where seconds tell events apart (a webhook's retries 5 s after each other). */
export const dateTimeSecondsFormat = (language: string): string =>
  `${DATE_FORMAT} ${uses24h(language) ? 'HH:mm:ss' : 'hh:mm:ss A'}`;

/** 0 = Sunday, 1 = Monday, as dayjs and the MUI pickers count. */
export const firstDayOfWeek = (language: string): 0 | 1 => (uses24h(language) ? 1 : 0);
