import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

// Signs in and runs axe on two panels, a dialog and both themes: more than the default on 2 cores.
test.describe.configure({ timeout: 180_000 });

const DOMAIN = 'partner.e2e.test';

async function expectNoAxeViolations(page: Page, screen: string) {
  const dialog = await page.getByRole('dialog').count();
  expect(await axeViolations(page, screen, { include: dialog ? '[role="dialog"]' : 'main' })).toEqual([]);
}

test('a provider administrator keeps a domain’s sign-in rule and the group’s SCIM tokens', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto('/settings/sign-in?group=grp-demo');
  await expect(page.getByRole('tab', { name: 'Sign-in', selected: true })).toBeVisible();

  // A rule for the external domain: a stock, a model, an option, and a group of the provider → manage-users.
  await page.getByRole('button', { name: 'New sign-in rule' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('rule-domain')).toHaveText(DOMAIN);
  await dialog.getByRole('checkbox', { name: 'Demo Motors Paris' }).check();
  await dialog.getByRole('checkbox', { name: /^Video: / }).check();
  await dialog.getByRole('checkbox', { name: 'Cropping' }).check();
  await dialog.getByRole('button', { name: 'Add a line' }).click();
  await dialog.getByLabel('Claim value 1').fill('fc-managers');
  await expectNoAxeViolations(page, 'sign-in rule dialog, light');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sign-in rule saved.')).toBeVisible();
  const card = page.getByTestId('settings-domain-rules').locator('li', { hasText: `@${DOMAIN}` });
  await expect(card).toContainText('Stocks: 1 · Models: VIDEO · Roles: —');
  await expect(card).toContainText('Claim “groups”: fc-managers → manage-users');
  await expectNoAxeViolations(page, 'sign-in rules, light');

  // SCIM: a token created from the keyboard, shown once, listed with its creator, used, then revoked.
  await page.getByRole('tab', { name: 'SCIM' }).click();
  await expect(page).toHaveURL(/\/settings\/scim\?group=grp-demo/);
  const label = `Entra ID ${Date.now()}`;
  await page.getByLabel('Name of the token').fill(label);
  await page.getByLabel('Name of the token').press('Enter');
  const token = (await page.getByTestId('scim-token-value').textContent())!;
  expect(token).toMatch(/^fcscim_/);
  const row = page.getByTestId('scim-tokens').getByRole('row', { name: new RegExp(label) });
  await expect(row).toContainText(DEMO_EMAILS.manager);
  await expect(row).toContainText('Never');
  await expectNoAxeViolations(page, 'scim tokens, light');

  const users = () => request.get('/scim/v2/Users?count=1', { headers: { authorization: `Bearer ${token}` } });
  expect((await users()).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('scim-token-value')).toHaveCount(0);
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: `Revoke the token ${label}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked.')).toBeVisible();
  await expect(row).toContainText('Revoked on');
  expect((await users()).status()).toBe(401);

  // Dark theme and a phone's width, then the rule is deleted again (nothing left for a retry).
  await page.evaluate(() => localStorage.setItem('forecourt.darkMode', 'true'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page, 'scim tokens, dark, 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('tab', { name: 'Sign-in' }).click();
  await expectNoAxeViolations(page, 'sign-in rules, dark, 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole('button', { name: `Delete the rule for @${DOMAIN}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Sign-in rule deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
});
