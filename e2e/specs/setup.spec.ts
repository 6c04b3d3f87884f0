import fs from 'node:fs';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { setupCodeOf, useNewInstallation } from '../support/new-installation';
import { expectNoSidewaysScroll, expectWhollyOnScreen, PHONE } from '../support/phone';
import { signIn } from '../support/sign-in';

const installation = useNewInstallation('setup');

const contextOf = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ baseURL: installation.baseURL, locale: 'en-GB' });

test('a new installation: the setup code from the log, /setup, then the new provider administrator signs in', async ({
  browser,
}) => {
  const { line, code } = setupCodeOf(installation);
  expect(line).toContain(`${installation.baseURL}/setup`);

  const context = await contextOf(browser);
  const page = await context.newPage();
  const violations: string[] = [];
  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: 'Set up Forecourt' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Setup code' })).toBeVisible();
  violations.push(...(await axeViolations(page, '/setup code')));

  // On a phone, the whole form fits the width.
  const phone = await browser.newContext({ baseURL: installation.baseURL, locale: 'en-GB', ...PHONE });
  const small = await phone.newPage();
  // In the dark theme, too.
  await small.addInitScript(() => localStorage.setItem('forecourt.darkMode', 'true'));
  await small.goto('/setup');
  await expect(small.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expectNoSidewaysScroll(small);
  await expectWhollyOnScreen(small.getByRole('textbox', { name: 'Setup code' }));
  violations.push(...(await axeViolations(small, '/setup code, phone, dark')));
  await phone.close();

  // A wrong code is refused, in words; the right one, typed by keyboard in lower case, opens the form.
  await page.getByRole('textbox', { name: 'Setup code' }).fill('AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('This is not the setup code the server printed');
  await page.getByRole('textbox', { name: 'Setup code' }).fill(code.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your dealer group and administrator account' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dealer group name' })).toBeFocused();
  violations.push(...(await axeViolations(page, '/setup account')));

  // By keyboard, from the focused first field.
  await page.keyboard.type('Forecourt Services');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@provider.example');
  await page.locator('input[name="password"]').fill('short');
  await page.locator('input[name="confirm"]').fill('short');
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page.getByText('At least 10 characters')).toBeVisible();
  await page.locator('input[name="password"]').fill('correct horse battery');
  await page.locator('input[name="confirm"]').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page.getByText('Setup is complete.')).toBeVisible();
  violations.push(...(await axeViolations(page, '/setup done')));
  expect(violations).toEqual([]);

  // The page and its API are gone.
  expect((await page.request.get('/setup')).status()).toBe(404);
  expect((await page.request.get('/api/setup')).status()).toBe(404);

  // The real OIDC sign-in, on the embedded provider's own page, lands on the shootings page.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login$/);
  await signIn(page, 'ada@provider.example', 'correct horse battery');
  await expect(page).toHaveURL(/\/shootings$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Their own creation is in the audit log, reached from the drawer.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL(/\/audit$/);
  const auditLog = page.getByTestId('audit-log');
  await expect(auditLog).toContainText('user.create');
  await expect(auditLog).toContainText('group.create');
  await expect(auditLog).toContainText('ada@provider.example');
  // Each entry's group by its name, not its id.
  await expect(auditLog.getByRole('cell', { name: 'Forecourt Services', exact: true }).first()).toBeVisible();
  expect(await axeViolations(page, '/audit')).toEqual([]);

  // Filtered by dealer group, chosen by its name: both entries are the new group's.
  await page.getByRole('combobox', { name: 'Dealer group' }).click();
  await page.getByRole('option', { name: 'Forecourt Services' }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('combobox', { name: 'Dealer group' })).toHaveText('Forecourt Services');
  await expect(auditLog.getByRole('row')).toHaveCount(3);

  // Filtered by keyboard: the action, then Enter.
  await page.getByRole('textbox', { name: 'Action' }).focus();
  await page.keyboard.type('group.create');
  await page.keyboard.press('Enter');
  await expect(auditLog.getByRole('row')).toHaveCount(2);
  await expect(auditLog).not.toContainText('user.create');

  // The CSV of the same filters.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^forecourt-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(',setup,');
  expect(csv[1]).toContain('group.create');

  // On a phone: rows stacked, nothing sideways.
  await page.setViewportSize(PHONE.viewport);
  await expect(auditLog).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => localStorage.setItem('forecourt.darkMode', 'true'));
  await page.reload();
  await expect(auditLog).toBeVisible();
  expect(await axeViolations(page, '/audit, phone, dark')).toEqual([]);
  await context.close();
});

test('/setup answers 404 once set up, on a phone too', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: installation.baseURL, ...PHONE });
  const page = await context.newPage();
  const res = await page.goto('/setup');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404')).toBeVisible();
  await context.close();
});
