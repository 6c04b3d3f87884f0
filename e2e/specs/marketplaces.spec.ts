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

test('settings: a group copies a built-in profile and edits its rules', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto('/settings/marketplaces');
  const panel = page.getByTestId('marketplace-profiles');
  await expect(panel.getByRole('heading', { name: 'AutoTrader UK' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Source: trade.autotrader.co.uk' })).toBeVisible();
  expect(
    await axeViolations(page, 'marketplace profiles', { include: '[data-testid="marketplace-profiles"]' }),
  ).toEqual([]);

  await panel.getByRole('button', { name: 'Copy the leboncoin profile' }).click();
  await expect(page.getByText('Profile copied')).toBeVisible();
  const copy = panel.getByRole('region', { name: 'leboncoin (our rules)' });
  await copy.getByLabel('Lead picture').selectOption('front_three_quarter');
  await copy.getByLabel('Minimum width (px)').fill('1024');
  await copy.getByLabel('Number plate').selectOption('yes');
  await copy.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(
    panel.getByRole('region', { name: 'leboncoin (our rules)' }).getByLabel('Minimum width (px)'),
  ).toHaveValue('1024');
});
