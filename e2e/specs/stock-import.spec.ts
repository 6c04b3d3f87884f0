import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll, expectReachableByTab, PHONE } from '../support/phone';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

// Signs in and runs axe in both themes on a phone: more than the default on 2 cores.
test.describe.configure({ timeout: 180_000 });
test.use({ ...PHONE });

const csvFile = (lines: string[]) => ({
  name: 'stocks.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});
const dialogAxe = async (page: Page, screen: string) =>
  expect(await axeViolations(page, screen, { include: '[role="dialog"]' })).toEqual([]);

test('a provider administrator imports a group’s stocks from a CSV file on a phone: errors per line, then the whole file', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto('/settings');
  const group = `CSV Motors ${Date.now()}`;
  await page.getByLabel('New group name').fill(group);
  await page.getByLabel('New group name').press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();

  // Reached from the keyboard.
  const open = page.getByRole('button', { name: 'Import a CSV file' });
  await page.getByRole('heading', { level: 2, name: group }).click();
  await expectReachableByTab(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import stocks from a CSV file' });
  await expect(dialog).toBeVisible();

  /** Chooses a CSV file of the header, a good Nice line and `lines`, and has it checked (a dry run). */
  const checkFile = async (...lines: string[]) => {
    await dialog
      .getByTestId('stock-import-file')
      .setInputFiles(
        csvFile(['name;label;phone;contact:Address', 'CSV Nice;Nice;+33 4 93 00 00 00;1 promenade', ...lines]),
      );
    await dialog.getByRole('button', { name: 'Check the file' }).click();
  };
  // A file with a bad phone: each bad line is named with its reason, and nothing can be imported.
  await checkFile('CSV Cannes;Cannes;0493;');
  await expect(dialog.getByText('1 errors: fix the file and check it again.')).toBeVisible();
  await expect(dialog.getByTestId('stock-import-errors')).toContainText(
    'This is not an international phone number (+33…). (0493)',
  );
  await expect(dialog.getByRole('button', { name: /^Import \d+ lines$/ })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await dialogAxe(page, 'stock import errors, light');

  // Fixed: the dry run says what each line would do; the import writes the file.
  await checkFile('CSV Cannes;Cannes;+33 4 93 11 11 11;');
  await expect(dialog.getByTestId('stock-import-changes').getByRole('row')).toHaveCount(3);
  await expect(dialog.getByTestId('stock-import-changes')).toContainText('CSV Cannes');
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => localStorage.setItem('forecourt.darkMode', 'true'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await dialog.getByRole('button', { name: 'Import 2 lines' }).click();
  await expect(page.getByText('The stocks have been imported.')).toBeVisible();
  await expect(page.getByTestId('settings-stocks').getByText('CSV Cannes')).toBeVisible();
  await expect(page.getByTestId('settings-stocks').getByText('CSV Nice')).toBeVisible();

  // Dark theme: the same dialog, again without axe violations.
  await page.reload();
  await page.getByRole('button', { name: 'Import a CSV file' }).click();
  await expect(dialog).toBeVisible();
  await dialogAxe(page, 'stock import, dark');
});
