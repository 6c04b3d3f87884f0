import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { seedE2e } from '../support/seed';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

interface Seeded {
  shootingId: string;
  productId: string;
  ownerId: string;
  registration: string;
}

/** The spec's repair orders, written into the running server's data folder by the API tests' factories. */
function seedRepairOrders(): { repair: Seeded; bare: Seeded } {
  return seedE2e<{ repair: Seeded; bare: Seeded }>('inspections');
}

const detailPath = (s: Seeded) =>
  `/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}/inspection-repair-order`;

test.describe('workshop repair orders', () => {
  let seeded: { repair: Seeded; bare: Seeded };

  test.beforeAll(() => {
    seeded = seedRepairOrders();
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(page, DEMO_EMAILS.workshop);
  });

  test('the workshop account sees the health check and downloads the VHC report', async ({ page }, testInfo) => {
    await page.goto(detailPath(seeded.repair));
    const panel = page.getByTestId('inspection-panel');
    await expect(panel.getByTestId('repair-order')).toContainText('OR-E2E-0001');
    await expect(panel.getByTestId('health-RED').getByTestId('health-item')).toContainText('Brakes — Front pads');
    await expect(panel.getByTestId('health-AMBER').getByTestId('health-item')).toContainText('Tyres — Rear tyres');
    await expect(panel.getByTestId('health-GREEN').getByTestId('health-item')).toContainText('Lights — Headlights');
    await expect(panel.getByTestId('health-acceptedCents')).toHaveText('€140.00');

    const vhc = page.getByTestId('report-VHC');
    await expect(vhc).toHaveAttribute('data-availability', 'READY');
    const [download] = await Promise.all([page.waitForEvent('download'), vhc.click()]);
    expect(download.suggestedFilename()).toBe('E2E-IN-IRO1-vhc-en.pdf');
    const file = testInfo.outputPath('vhc.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Vehicle health check');
    expect(text).toContain('E2E-IN-IRO1');
    expect(text).toContain('Brakes — Front pads');
    expect(text).toContain('Accepted by the customer €140.00');
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
  });

  test('a repair order without report data shows the NO_PDF state', async ({ page }) => {
    await page.goto(detailPath(seeded.bare));
    await expect(page.getByTestId('report-VHC')).toHaveAttribute('data-availability', 'NO_PDF');
    await expect(page.getByTestId('report-VHC')).toBeDisabled();
    await expect(page.getByTestId('report-DAMAGES')).toHaveAttribute('data-availability', 'NO_PDF');
    // A missing report is normal: no message when the page opens, its button's tooltip says why.
    await expect(page.getByTestId('inspection-panel')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'No PDF file was found' })).toHaveCount(0);
    await page.getByTestId('report-VHC').locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('No PDF file was found for this shooting.');
    await expect(page.getByTestId('inspection-panel')).toContainText('No health-check item recorded.');
  });
});
