import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { seedE2e } from '../support/seed';

interface History {
  registration: string;
  ownerId: string;
  productId: string;
  shootings: { shootingId: string; type: 'STANDARD' | 'VIDEO' | 'INSPECTION' }[];
  refs: string[];
}

/** A vehicle of its own registration (photo shooting with a player link, video, inspection), written into the running server's data. */
function seedVehicle(): History {
  return seedE2e<History>('vehicles');
}

async function signInAsManager(page: Page) {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
}

/** The timeline shows the three shootings, newest first, and the player link with its visits and ratings. */
async function expectTimeline(page: Page, v: History) {
  await expect(page.getByRole('heading', { level: 1, name: `Vehicle ${v.registration}` })).toBeVisible();
  await expect(page.getByTestId('vehicle-vin')).toHaveText('VF3LBHZTEST100042');
  const shootings = page.getByTestId('vehicle-event-shooting');
  await expect(shootings).toHaveCount(3);
  await expect(shootings.getByRole('heading', { level: 3 })).toHaveText([
    'Shooting: Standard',
    'Shooting: Videos',
    'Shooting: Inspection',
  ]);
  await expect(shootings.nth(0)).toContainText('Photos: 2');
  await expect(shootings.nth(0).locator('img')).toHaveJSProperty('naturalWidth', 64);
  await expect(shootings.nth(2)).toContainText('Overall condition: Good');
  await expect(shootings.nth(2)).toContainText('Damages: 1 (severe: 1)');
  await expect(shootings.nth(2).getByRole('button', { name: 'Damage report' })).toBeVisible();
  const player = page.getByTestId('vehicle-event-player');
  await expect(player).toHaveCount(1);
  await expect(player).toContainText('Views: 3');
  // The portal's own link is named as such, not by its code.
  await expect(player).toContainText('Shared from the portal');
  await expect(player).not.toContainText('FORECOURT');
  await expect(player).toContainText('Ratings: 2, average 4.5/5');
  await expect(player.getByRole('link', { name: 'Open the player' })).toHaveAttribute(
    'href',
    `/public/player/${v.refs[0]}`,
  );
}

test('the registration of a detail page opens the vehicle page: its shootings, inspection and player link, by keyboard too', async ({
  page,
}) => {
  const v = seedVehicle();
  const photo = v.shootings.find((s) => s.type === 'STANDARD')!;
  await signInAsManager(page);
  await page.goto(`/owners/${v.ownerId}/products/${v.productId}/shootings/${photo.shootingId}`);
  await page.getByRole('link', { name: `Vehicle history of ${v.registration}` }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${v.registration}$`));
  await expectTimeline(page, v);

  // By keyboard: the inspection's link opens its detail page.
  const inspection = v.shootings.find((s) => s.type === 'INSPECTION')!;
  const open = page
    .getByTestId('vehicle-event-shooting')
    .nth(2)
    .getByRole('link', { name: /^Open the shooting: Inspection/ });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/shootings/${inspection.shootingId}/inspect$`));
});

test('a registration search and the card offer the vehicle page', async ({ page }) => {
  const v = seedVehicle();
  await signInAsManager(page);
  await page.getByRole('textbox', { name: 'Registration' }).fill(v.registration.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('shooting-card')).toHaveCount(3);
  // The cards' vehicle links and the search's own stay within WCAG 2.2 AA.
  expect(await axeViolations(page, 'list searched by registration')).toEqual([]);
  await page.getByRole('link', { name: `Vehicle page of ${v.registration}` }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${v.registration}$`));
  await expect(page.getByTestId('vehicle-event-shooting')).toHaveCount(3);

  // Back on the list, searched again (other specs' shootings may be the newest of the unsearched list).
  await page.goBack();
  await page.getByRole('textbox', { name: 'Registration' }).fill(v.registration);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('shooting-card')).toHaveCount(3);
  await page
    .getByTestId('shooting-card')
    .first()
    .getByRole('link', { name: `Vehicle history of ${v.registration}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${v.registration}$`));
  await expectTimeline(page, v);
});

test('the vehicle page passes axe in both themes and fits a 390 px phone', async ({ page }) => {
  const v = seedVehicle();
  await signInAsManager(page);
  const findings: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((on) => localStorage.setItem('forecourt.darkMode', String(on)), dark);
    await page.goto(`/vehicles/${v.registration}`);
    await expectTimeline(page, v);
    findings.push(...(await axeViolations(page, `vehicle page (${dark ? 'dark' : 'light'})`)));
  }
  expect(findings).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectTimeline(page, v);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("another dealer group's user learns nothing of the plate", async ({ page }) => {
  const v = seedVehicle();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.other);
  await page.goto(`/vehicles/${v.registration}`);
  await expect(page.getByText('No vehicle with this registration in your stocks.')).toBeVisible();
  await expect(page.getByTestId('vehicle-timeline')).toHaveCount(0);
});
