import type { StatisticsFigures } from '@forecourt/contracts/statistics';
import { render } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FigureSummary } from './figure-summary';

const figures = (averageRating: number | null): StatisticsFigures => ({
  playerViews: 12,
  emailShares: 3,
  smsShares: 1,
  ratings: 3,
  averageRating,
  liveMeetings: 2,
});

const average = (container: HTMLElement) => container.querySelector('[data-figure="averageRating"] dd')?.textContent;

afterEach(() => i18n.changeLanguage('en'));

// "4,0" beside "4,67" read as two precisions: an average has one decimal wherever it is shown.
describe('the statistics tiles', () => {
  it('write the average rating with one decimal, in the reader’s number format', async () => {
    expect(average(render(<FigureSummary totals={figures(4.67)} />).container)).toBe('4.7 / 5');
    expect(average(render(<FigureSummary totals={figures(4)} />).container)).toBe('4.0 / 5');
    await i18n.changeLanguage('fr');
    expect(average(render(<FigureSummary totals={figures(4.67)} />).container)).toMatch(/^4,7\s\/\s5$/);
  });
});
