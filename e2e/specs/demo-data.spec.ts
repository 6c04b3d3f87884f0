import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

/** The seeded demo data as a dealer sees it: pictures and videos that really load in the browser. */
const shootingLinks = (page: Page) => page.locator('a[href^="/owners/"]');

// The e2e project has no DOM types: the few element properties read in the page.
type Picture = { complete: boolean; naturalWidth: number };
type Player = { readyState: number; duration: number };

test('the manager sees the newest demo shootings with their thumbnails', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.manager);
  const cards = page.getByTestId('shooting-card');
  await expect(cards).toHaveCount(12);
  // Specs before this one may have seeded shootings of their own (registrations E2E-…) with small pictures.
  const thumbnails = cards.filter({ hasNotText: /E2E-/ }).locator('img');
  const count = await thumbnails.count();
  expect(count).toBeGreaterThan(0);
  // Every thumbnail is a real picture decoded by the browser, 320 px wide as the seed made it.
  await expect
    .poll(() =>
      thumbnails.evaluateAll((imgs) => (imgs as unknown as Picture[]).map((i) => (i.complete ? i.naturalWidth : 0))),
    )
    .toEqual(Array.from({ length: count }, () => 320));
});

test('a demo VIDEO shooting plays its generated MP4', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  for (const type of ['Standard', 'Inspection', 'Workshop video'])
    await page.getByRole('checkbox', { name: type, exact: true }).uncheck();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(shootingLinks(page).first()).toHaveAttribute('href', /\/video$/);
  const videoLinks = await page
    .locator('a[href$="/video"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  await page.goto(videoLinks[0]!);
  const video = page.locator('video');
  await expect(video).toHaveCount(1);
  await expect
    .poll(
      () => video.evaluate((v) => ((v as unknown as Player).readyState >= 1 ? (v as unknown as Player).duration : 0)),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(2);
});

test('the other dealer sees only its own demo shootings', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.other);
  await expect(page.getByTestId('shooting-card')).toHaveCount(12);
  const hrefs = await shootingLinks(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.every((h) => h.startsWith('/owners/own-other-bordeaux/'))).toBe(true);
});
