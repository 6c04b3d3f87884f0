/** The counted figures, in the order the screen shows them. */
export const COUNT_FIGURES = ['playerViews', 'emailShares', 'smsShares', 'ratings', 'liveMeetings'] as const;
export type CountFigure = (typeof COUNT_FIGURES)[number];

/** An average score as the screen writes it, in the language's number format. */
export const formatAverage = (value: number | null, lang: string): string =>
  value === null
    ? '–'
    : new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value);
