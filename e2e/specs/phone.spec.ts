import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE } from '../support/phone';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { listOnly, type ShootingTypeLabel } from '../support/shootings-list';
import { trackRequests } from '../support/network';

/**
 * The portal on a 390 px phone: nothing wider than the screen, the inspection tables as stacked rows with
 * their prices in view, VINs on one line, Load more reachable above the cookie banner, every action named.
 * Screenshots of the list, the three detail types and the player go to PHONE_SHOTS_DIR when it is set.
 */
test.use(PHONE);

const shotsDir = process.env.PHONE_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/**
 * The list filtered on one type, then the detail of the first card that shows `content` (other specs add
 * shootings of their own, such as a repair order without report data, that may be the newest).
 */
async function openFirst(page: Page, label: ShootingTypeLabel, suffix: RegExp, content?: string) {
  const links = await listOnly(page, label);
  await expect(links.first()).toHaveAttribute('href', suffix);
  const hrefs = (await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')!))).filter((h) =>
    suffix.test(h),
  );
  for (const href of [...new Set(hrefs)].slice(0, 6)) {
    await page.goto(href);
    await expect(page.getByRole('complementary', { name: 'Actions' })).toBeVisible();
    if (!content) return;
    if (
      await page
        .getByTestId(content)
        .first()
        .waitFor({ timeout: 5000 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
  }
  throw new Error(`no ${label} shooting among the newest shows ${content}`);
}

/** Every action of the options column says what it does, though it shows only its icon on a phone. */
async function expectNamedActions(page: Page) {
  const actions = page.getByRole('complementary', { name: 'Actions' }).locator('button, a');
  const names = await actions.evaluateAll((els) =>
    els.map((e) => e.getAttribute('aria-label') ?? (e as unknown as { innerText: string }).innerText.trim()),
  );
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).not.toBe('');
}

test('a dealer on a phone reads the list, the three kinds of detail and the player', async ({ page, context }) => {
  test.setTimeout(300_000);
  const network = trackRequests(page);
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);

  // The cookie banner, not yet answered, leaves Load more reachable at the end of the list.
  await page.evaluate(() => localStorage.removeItem('forecourt.cookieConsent'));
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Cookies' })).toBeVisible();
  await expect(page.getByTestId('shooting-card')).toHaveCount(12);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  // A trial click fails when another element (the banner) would receive it.
  await loadMore.click({ trial: true, timeout: 5000 });
  await expectNoSidewaysScroll(page);
  await page.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await shot(page, 'list');

  await openFirst(page, 'Standard', /\/shootings\/[^/]+$/);
  // A VIN is one word: on one line, never broken. (The newest shooting may be another spec's, whose VIN is
  // not a real one: what matters is a long single word.)
  const vin = page.getByTestId('detail-vin');
  await expect(vin).toHaveText(/^\S{15,}$/);
  const lineHeight = await vin.evaluate((e) =>
    parseFloat(
      (globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }).getComputedStyle(e)
        .lineHeight,
    ),
  );
  expect((await vin.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await expectNamedActions(page);
  await expectNoSidewaysScroll(page);
  await shot(page, 'detail-standard');

  await openFirst(page, 'Videos', /\/video$/);
  await expectNamedActions(page);
  await expectNoSidewaysScroll(page);
  await shot(page, 'detail-video');

  await openFirst(page, 'Inspection', /\/inspect$/, 'damage-row');
  const damage = page.getByTestId('damage-row').first();
  await expect(damage).toBeVisible();
  // Stacked: the estimated cost is on screen, beside its column's name.
  const cost = damage.locator('td').last();
  await cost.scrollIntoViewIfNeeded();
  await expect(cost).toBeInViewport({ ratio: 1 });
  expect(
    await cost.evaluate(
      (e) =>
        (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }).getComputedStyle(
          e,
          '::before',
        ).content,
    ),
  ).toBe('"Estimated repair"');
  // Its name on the left of the amount, as on every other line of the row.
  await expect(cost).toHaveCSS('flex-direction', 'row');
  await page.getByTestId('damages-total').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('damages-total')).toBeInViewport({ ratio: 1 });
  await expectNamedActions(page);
  await expectNoSidewaysScroll(page);
  await shot(page, 'detail-inspection');

  await openFirst(page, 'Workshop video', /\/inspection-repair-order$/, 'health-item');
  const item = page.getByTestId('health-item').first();
  await expect(item).toBeVisible();
  for (const cell of await item.locator('td').all()) {
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport({ ratio: 1 });
  }
  await expect(item.locator('td[data-label]').first()).toHaveCSS('flex-direction', 'row');
  await expectNoSidewaysScroll(page);
  await shot(page, 'detail-workshop');

  // The other screens of the drawer fit the phone too.
  // Each screen is measured once its data is drawn (the statistics chart sizes itself to its box).
  for (const [path, heading, name, content] of [
    ['/notifications/outbox', 'Outbox', 'outbox', null],
    ['/statistics', 'Statistics', 'statistics', 'stocks-table'],
    ['/account', 'My account', 'account', null],
    ['/videos/live/rooms', 'Live meetings', 'live-rooms', null],
    ['/adminvideos', 'Videos admin', 'admin-videos', null],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (content) await expect(page.getByTestId(content)).toBeVisible();
    // None of these screens polls: once its requests are done, what earlier specs left (rooms, e-mails) is drawn.
    await network.quiet();
    await expectNoSidewaysScroll(page);
    await shot(page, name);
  }

  // The player of a finished standard shooting, as a customer opens it on a phone.
  await page.goto('/shootings');
  for (const type of ['Videos', 'Inspection', 'Workshop video'])
    await page.getByRole('checkbox', { name: type, exact: true }).uncheck();
  await page.getByRole('button', { name: 'Search' }).click();
  const done = page
    .getByTestId('shooting-card')
    .filter({ has: page.getByTestId('status-label').filter({ hasText: 'Done' }) });
  await page.goto((await done.first().locator('a[href^="/owners/"]').first().getAttribute('href'))!);
  const info = page.waitForResponse((r) => r.url().includes('/marketplaces/FORECOURT'));
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Player', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Show the player' }).click();
  const { url } = (await (await info).json()) as { url: string };
  await (await popup).close();
  await page.goto(url);
  await expect(page.getByRole('slider', { name: '360° view of the vehicle' })).toHaveAttribute('aria-busy', 'false');
  await expectNoSidewaysScroll(page);
  await shot(page, 'player');
});
