import type { StatisticsFigures } from '@forecourt/contracts/statistics';

/** The counted figures, in the order the screen shows them; live meetings only where live rooms exist. */
export const COUNT_FIGURES = ['playerViews', 'emailShares', 'smsShares', 'ratings', 'liveMeetings'] as const;
export type CountFigure = (typeof COUNT_FIGURES)[number];

export const figuresShown = (totals: StatisticsFigures): CountFigure[] =>
  COUNT_FIGURES.filter((f) => f !== 'liveMeetings' || totals.liveMeetings !== null);

/** An average score as the screen writes it, in the language's number format. */
export const formatAverage = (value: number | null, lang: string): string =>
  value === null ? '–' : new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value);
