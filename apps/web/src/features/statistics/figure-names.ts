/** The counted figures, in the order the screen shows them. */
export const COUNT_FIGURES = ['playerViews', 'emailShares', 'smsShares', 'ratings', 'liveMeetings'] as const;
export type CountFigure = (typeof COUNT_FIGURES)[number];
