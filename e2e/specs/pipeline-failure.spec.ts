import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { axeViolations } from '../support/axe';
import { seedE2e } from '../support/seed';

interface Seeded {
  shootingId: string;
  productId: string;
  ownerId: string;
}

/** A shooting whose second picture the running server's worker fails to stamp, once and for good. */
function seedFailingShooting(): Seeded {
  return seedE2e<Seeded>('pipeline-failure');
}

test('a shooting whose processing failed says so, and the failed picture can be retried or removed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const s = seedFailingShooting();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);

  const failure = page.getByTestId('pipeline-failure');
  await expect(failure).toBeVisible();
  await expect(failure.getByText('Processing stopped')).toBeVisible();
  await expect(failure.getByText('Picture 2', { exact: true })).toBeVisible();
  expect(await axeViolations(page, 'processing failure', { include: '[data-testid="pipeline-failure"]' })).toEqual([]);

  // A retry runs the job again; the picture is still damaged, so it fails again and the failure comes back.
  const retried = page.waitForResponse((r) => r.url().endsWith('/pipeline/retry') && r.status() === 204);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await retried;
  await expect(page.getByText('Processing restarted.')).toBeVisible();
  await expect(failure.getByText('Picture 2', { exact: true })).toBeVisible();

  // Removing it, by keyboard, lets the other picture finish.
  await failure.getByRole('button', { name: 'Remove picture 2' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove this picture?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Picture removed.')).toBeVisible();
  await expect(failure).toBeHidden();
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
});
