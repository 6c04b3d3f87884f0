import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { seedE2e } from '../support/seed';

interface Seeded {
  shootingId: string;
  productId: string;
  ownerId: string;
  images: { position: number; originalId: string; stampedId: string }[];
}

function seedShooting(): Seeded {
  return seedE2e<Seeded>('editing');
}

async function openShooting(page: Page, s: Seeded) {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
  await expect(page.getByTestId('image-gallery').first()).toBeVisible();
}

test.describe('editing pictures', () => {
  // One shooting for the file: the cropping works on the picture the cover test covered.
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(300_000);
  let seeded: Seeded;
  test.beforeAll(() => {
    seeded = seedShooting();
  });

  test('covers the plate the detection found, after the user checked it', async ({ page }) => {
    await openShooting(page, seeded);
    await page.getByRole('button', { name: 'Cover plates' }).click();
    const done = page.getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await page.getByRole('button', { name: 'Select image 1' }).click();
    await expect(done).toBeEnabled();
    await done.click();

    const dialog = page.getByRole('dialog', { name: 'Licence-plate cover' });
    await expect(dialog.getByTestId('plate-quad')).toHaveCount(1);
    // Move one corner a little, as a user checking the outline would.
    const corner = dialog.locator('circle').first();
    const box = (await corner.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 4, box.y + box.height / 2 - 3);
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Apply' }).click();

    const results = page.getByRole('dialog', { name: 'Results' });
    await expect(results.getByTestId('edit-result')).toHaveText(/Picture 1.*Licence-plate cover applied\./);
    await results.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('image-gallery').first()).toBeVisible();
    await page.getByRole('button', { name: 'Detailed' }).click();
    await expect(page.getByRole('region', { name: 'ORIGINAL_LPC', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'STAMPED_LPC', exact: true })).toBeVisible();
  });

  // The picture whose plate the previous test covered: cropped, it must keep its plate covered.
  test('crops a covered picture on the stamp background, and the simple view shows it with its plate covered', async ({
    page,
  }) => {
    await openShooting(page, seeded);
    await page.getByRole('button', { name: 'Crop' }).click();
    await page.getByRole('button', { name: 'Select image 1' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog', { name: 'Cropping' }).getByRole('status')).toHaveText(
      /Getting configurations|Cropping in progress/,
    );
    const results = page.getByRole('dialog', { name: 'Results' });
    await expect(results.getByTestId('edit-result')).toHaveText(/Picture 1.*Cropping applied\./, { timeout: 240_000 });
    await results.getByRole('button', { name: 'Close' }).click();
    // The simple view shows, for that position, the most processed picture: cropped, plate covered.
    const simple = page.getByTestId('image-gallery').first();
    await expect(simple.getByRole('button', { name: 'Open image 1' }).locator('img')).toHaveAttribute(
      'src',
      /0-STAMPED_CROPPED_LPC(-thumb)?\.jpg/,
    );
    await page.getByRole('button', { name: 'Detailed' }).click();
    for (const type of ['ORIGINAL_CROPPED', 'STAMPED_CROPPED', 'ORIGINAL_CROPPED_LPC', 'STAMPED_CROPPED_LPC'])
      await expect(page.getByRole('region', { name: type, exact: true })).toBeVisible();
  });
});
