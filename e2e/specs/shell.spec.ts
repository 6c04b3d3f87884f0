import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from '../support/console';

test('the portal opens: the shell loads with no console error', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Forecourt');
  // A visitor who is not signed in lands on the sign-in page.
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
