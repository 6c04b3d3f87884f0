import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

// Signs in, renders previews on the server and runs axe in both themes: more than the default on 2 cores.
test.describe.configure({ timeout: 300_000 });

// A 90 × 30 red logo.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAFoAAAAeCAYAAACsYQl4AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAjElEQVRoge3XQQ3AMBDEwIAwiPBHUVZXCv20jio/jsDIWSnrYk+3XzdYIe9PQguaoOdPr62iCXrsCisaH67pwEdtowl67OIqGh+p6cAHbKM56/qwEPTYFVY0PlzTgY/aRhP02MVVND5S04EP2EZz1vVhIeixK6xofLimAx+1jSbosYuraHykpgMf8OndlfI44PlneBwAAAAASUVORK5CYII=',
  'base64',
);

const setTheme = (page: Page, dark: boolean) =>
  page.evaluate((d) => localStorage.setItem('forecourt.darkMode', String(d)), dark);

/** axe on the settings screen (the frame is the shell's) and, when one is open, on the dialog. */
async function expectNoAxeViolations(page: Page, screen: string) {
  const dialog = await page.getByRole('dialog').count();
  expect(await axeViolations(page, screen, { include: dialog ? '[role="dialog"]' : 'main' })).toEqual([]);
}

test('a provider administrator creates a group and a stock, designs a stamp and sees its preview', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('app-drawer').locator('[data-entry="settings"]').click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // A dealer group, created from the keyboard: type its name, press Enter.
  const group = `E2E Motors ${Date.now()}`;
  await page.getByLabel('New group name').fill(group);
  await page.getByLabel('New group name').press('Enter');
  await expect(page.getByText('The dealer group has been created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  // The same name again, in capitals: refused under the field, where the typed name stays.
  await page.getByLabel('New group name').fill(group.toUpperCase());
  await page.getByLabel('New group name').press('Enter');
  await expect(page.getByText('Another dealer group already has this name. Choose another one.')).toBeVisible();
  await expect(page.getByLabel('New group name')).toHaveValue(group.toUpperCase());
  await page.getByLabel('New group name').fill('');
  await expectNoAxeViolations(page, 'settings, light');

  // Its first stock, with a contact line, a phone and a logo.
  await page.getByRole('button', { name: 'New stock' }).click();
  const stockDialog = page.getByRole('dialog');
  await stockDialog.getByLabel('Name').fill('E2E Marseille');
  await stockDialog.getByLabel('Label').fill('Marseille');
  await stockDialog.getByLabel('Phone').fill('+33 4 91 00 00 00');
  await stockDialog.getByRole('button', { name: 'Add a line' }).click();
  await stockDialog.getByLabel('Title of line 1').fill('Address');
  await stockDialog.getByLabel('Text of line 1').fill('1 quai des Docks');
  // Its title in other languages, for the player's visitors.
  await stockDialog.getByRole('button', { name: 'Title of line 1 in each language (0/10)' }).click();
  const titles = stockDialog.getByRole('group', { name: 'Title of line 1 in each language' });
  await titles.getByLabel('Deutsch').fill('Adresse');
  await titles.getByLabel('Français').fill('Adresse');
  await expect(stockDialog.getByRole('button', { name: 'Title of line 1 in each language (2/10)' })).toBeVisible();
  await expectNoAxeViolations(page, 'stock dialog, light');
  await stockDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The stock has been saved.')).toBeVisible();
  await stockDialog
    .getByTestId('stock-logo-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(stockDialog.getByRole('img', { name: 'Logo' })).toBeVisible();
  await stockDialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('settings-stocks').getByText('E2E Marseille')).toBeVisible();

  // A stamp composed from the stock's logo, a frame and a banner, previewed on the sample car.
  await page.getByRole('tab', { name: 'Stamps' }).click();
  await expect(page).toHaveURL(/\/settings\/stamps\?group=/);
  await page.getByRole('button', { name: 'New stamp' }).click();
  const designer = page.getByRole('dialog');
  // Drawn at once, before its banner has a text.
  await expect(designer.getByTestId('stamp-preview')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await designer.getByLabel('Name').fill('E2E frame');
  await designer.getByRole('combobox', { name: 'Logo', exact: true }).click();
  await page.getByRole('option', { name: 'E2E Marseille' }).click();
  await designer.getByLabel('Banner text').fill('E2E Motors · 04 91 00 00 00');
  const preview = designer.getByTestId('stamp-preview');
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(preview).toHaveAttribute('data-format', '1920x1080');
  const first = await preview.getAttribute('src');
  // A change of colour is drawn again by the server.
  await designer.getByLabel('Frame colour').fill('#c0392b');
  await expect.poll(() => preview.getAttribute('src')).not.toBe(first);
  await expectNoAxeViolations(page, 'stamp designer, light');
  await designer.getByRole('button', { name: 'Create the stamp' }).click();
  await expect(page.getByText('The stamp has been created.')).toBeVisible();
  const card = page.getByTestId('settings-stamps').locator('li', { hasText: 'E2E frame' });
  await expect(card).toContainText('Format 16/9 · version 1');

  // Edited, it becomes version 2.
  await card.getByRole('button', { name: 'Edit' }).click();
  await designer.getByLabel('Banner text').fill('E2E Motors, version 2');
  await designer.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(card).toContainText('version 2');

  // The group's DMS: the export folder, and a test really delivered there.
  await page.getByRole('tab', { name: 'DMS' }).click();
  await expect(page).toHaveURL(/\/settings\/dms\?group=/);
  await page.getByRole('radio', { name: 'Export folder' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The DMS settings have been saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Send a test' }).click();
  await expect(page.getByText('The test was delivered.')).toBeVisible();
  await expect(page.getByTestId('dms-deliveries').locator('li[data-status="OK"]')).toHaveCount(1);
  await expectNoAxeViolations(page, 'DMS, light');
  await page.getByRole('radio', { name: 'Webhook' }).check();
  await page.getByLabel('Webhook URL').fill('http://127.0.0.1:9/dms');
  await page.getByLabel('Secret').fill('a-secret-of-twenty-chars');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter an http(s) URL that is not a private or local address.')).toBeVisible();
  await page.getByRole('tab', { name: 'Stamps' }).click();

  // Dark theme, then a phone's width.
  await setTheme(page, true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  await expectNoAxeViolations(page, 'settings, dark');
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(designer.getByTestId('stamp-preview')).toBeVisible();
  await expectNoAxeViolations(page, 'stamp designer, dark');
  await page.keyboard.press('Escape');
  await expect(designer).toBeHidden();
  // The stock's contact line with its titles in each language, dark.
  await page.getByRole('tab', { name: 'Stocks' }).click();
  await page
    .getByTestId('settings-stocks')
    .locator('li', { hasText: 'E2E Marseille' })
    .getByRole('button', { name: 'Edit' })
    .click();
  await stockDialog.getByRole('button', { name: 'Title of line 1 in each language (2/10)' }).click();
  await expect(titles.getByLabel('Deutsch')).toHaveValue('Adresse');
  await expectNoAxeViolations(page, 'stock dialog with the titles in each language, dark');
  await page.keyboard.press('Escape');
  await expect(stockDialog).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('settings are not offered to a user without the habilitation', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.sales);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/shootings$/);
});
