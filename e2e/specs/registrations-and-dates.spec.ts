import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll, PHONE } from '../support/phone';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

// Registrations as dealers type them, and a search whose dates are the wrong way round (issue 34).

async function signInEnglish(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript((dark) => {
    localStorage.setItem('forecourt.language', 'en');
    localStorage.setItem('forecourt.darkMode', String(dark));
  }, theme === 'dark');
  await signIn(page, DEMO_EMAILS.manager);
}

const registrationField = (page: Page) => page.getByRole('combobox', { name: 'Registration' });

test('a German plate with an umlaut is sent, then found typed without its dash or space', async ({ page }) => {
  await signInEnglish(page);
  await page.goto('/shootings/create');
  const suffix = String(Date.now() % 1000).padStart(3, '0');
  const plate = `TÜ-AB ${suffix}`;
  await registrationField(page).fill(plate.toLowerCase());
  await expect(registrationField(page)).toHaveValue(plate);
  await expect(page.getByText('Letters, digits, spaces and dashes only')).toHaveCount(0);
  await page.getByLabel('16/9').check();
  await page.getByLabel('Stock').click();
  await page.getByRole('option', { name: 'Paris' }).click();
  await page.getByLabel('Stamp').click();
  await page.getByRole('option').first().click();
  const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#557788' } })
    .jpeg()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'golf.jpg', mimeType: 'image/jpeg', buffer: bytes });
  await expect(page.getByTestId('image-preview')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add the shooting' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/shootings$/);
  await expect(page.getByText('Your shooting was created')).toBeVisible();

  await page.getByRole('textbox', { name: 'Registration' }).fill(`tüab${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('shooting-card').filter({ hasText: plate })).toHaveCount(1);
  await expect(page.getByTestId('search-vehicle-link')).toContainText(plate);
});

for (const theme of ['light', 'dark'] as const) {
  test(`emoji and over-long registrations are told on the field, ${theme} theme`, async ({ page }) => {
    await signInEnglish(page, theme);
    await page.goto('/shootings/create');
    const add = page.getByRole('button', { name: 'Add the shooting' });

    await registrationField(page).fill('AB-123 🚗');
    await expect(registrationField(page)).toHaveAccessibleDescription(
      'Letters, digits, spaces and dashes only (no emoji or symbols)',
    );
    await expect(registrationField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(add).toBeDisabled();
    expect(await axeViolations(page, `add shooting, refused registration, ${theme}`)).toEqual([]);

    await registrationField(page).fill('AB-123-CD-456-EF-789-G');
    await expect(registrationField(page)).toHaveAccessibleDescription('At most 20 characters');
    await expect(add).toBeDisabled();

    await registrationField(page).fill('ÅLS-123');
    await expect(registrationField(page)).toHaveAttribute('aria-invalid', 'false');
  });
}

test('a phone shows the field message whole, without sideways scrolling', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInEnglish(page);
  await page.goto('/shootings/create');
  await registrationField(page).fill('AB-123 🚗');
  await expect(page.getByText('Letters, digits, spaces and dashes only (no emoji or symbols)')).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('an end date before the start date is told on the field and the grid stays', async ({ page }) => {
  await signInEnglish(page);
  await page.goto('/shootings');
  const cards = page.getByTestId('shooting-card');
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  for (const [label, value] of [
    ['Start date', '13022025'],
    ['End date', '11022025'],
  ] as const) {
    await page.getByRole('group', { name: label }).click();
    await page.keyboard.type(value);
  }
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('The end date is before the start date')).toBeVisible();
  // The message sits under the end date, which stays level with the start date.
  const [start, end] = await Promise.all(
    ['Start date', 'End date'].map((name) => page.getByRole('group', { name }).boundingBox()),
  );
  expect(Math.abs(start!.y - end!.y)).toBeLessThanOrEqual(1);
  await expect(page.getByText('The search failed')).toHaveCount(0);
  await expect(cards).toHaveCount(before);
  await expect(page.getByRole('link', { name: 'Add a shooting' })).toBeVisible();
  expect(await axeViolations(page, 'list, end before start')).toEqual([]);

  // Moving the start before the end clears the message and searches.
  await page.getByRole('group', { name: 'Start date' }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('01022025');
  await expect(page.getByText('The end date is before the start date')).toHaveCount(0);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('The search failed')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add a shooting' })).toBeVisible();
});
