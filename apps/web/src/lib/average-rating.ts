/**
 * An average rating (out of 5) as every screen writes it: always one decimal, in the reader's number format
 * ("4.0" and "4.7", "4,0" and "4,7"), so two averages side by side read alike.
 */
export const formatAverageRating = (value: number | null, lang: string): string =>
  value === null
    ? '–'
    : new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
