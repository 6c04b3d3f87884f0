import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/phone';
import { firstDetailOf } from '../support/shootings-list';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

test('a shooting says what is missing per marketplace; an angle corrected sticks; the zip downloads', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(await firstDetailOf(page, 'Standard', /\/shootings\/[^/]+$/));

  const panel = page.getByTestId('marketplace-readiness');
  await expect(panel.getByRole('heading', { name: 'Marketplaces' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Ready for mobile.de' })).toBeVisible();
  await expect(panel.getByTestId('readiness-autotrader-uk')).toBeVisible();
  expect(await axeViolations(page, 'marketplaces', { include: '[data-testid="marketplace-readiness"]' })).toEqual([]);
  await expectNoSidewaysScroll(page);

  const picture1 = panel.getByLabel('Picture 1', { exact: true });
  const saved = page.waitForResponse((r) => /\/pictures\/\d+\/angle$/.test(r.url()));
  await picture1.selectOption('front_three_quarter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Angle saved')).toBeVisible();
  await page.reload();
  await expect(panel.getByLabel('Picture 1', { exact: true })).toHaveValue('front_three_quarter');
  await expect(panel.getByText('Set by hand').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the zip for AutoTrader UK' }).click();
  expect((await download).suggestedFilename()).toMatch(/-AutoTrader_UK\.zip$/);
});
