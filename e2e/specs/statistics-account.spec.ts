import { expect, test, type Page } from '@playwright/test';
import { apiHeaders } from '../support/api';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/phone';

// Each test signs in, calls the API and runs axe twice: more than the default on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

/** Calls the API as the signed-in user of the page (its stored token and the portal's api key). */
async function api(page: Page) {
  const headers = await apiHeaders(page);
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(path, { headers });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
    post: (path: string, data: object) => page.request.post(path, { headers, data }),
  };
}

// The screen's own content; the frame around it (header, drawer, footer) is checked by the shell's axe test.
const expectNoAxeViolations = async (page: Page) =>
  expect(await axeViolations(page, page.url(), { include: 'main' })).toEqual([]);

const openDrawerEntry = async (page: Page, entry: string) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('app-drawer').locator(`[data-entry="${entry}"]`).click();
};

const tile = (page: Page, figure: string) => page.locator(`[data-figure="${figure}"] dd`);

test('statistics count what customers do with a shared player, per stock and per day, drawn and tabulated', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('forecourt.language')) localStorage.setItem('forecourt.language', 'en');
  });
  await signIn(page, DEMO_EMAILS.manager);
  const me = await api(page);
  const { id: userId } = await me.get<{ id: string }>('/api/users/me');
  const [shooting] = (
    await me.get<{ items: { shootingId: string; ownerId: string }[] }>(
      `/api/shootings?userId=${userId}&shootingTypes=VIDEO&limit=1`,
    )
  ).items;
  // A marketplace of this test's own: a fresh reference that no other visit has counted yet.
  const { ref } = await me.get<{ ref: string }>(`/api/shootings/${shooting!.shootingId}/marketplaces/E2E${Date.now()}`);

  await openDrawerEntry(page, 'statistics');
  await expect(page).toHaveURL(/\/statistics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByTestId('statistics-group')).toHaveText('Dealer group: Garage Demo Group');
  await page.getByLabel('Period', { exact: true }).selectOption('7');
  await page.getByLabel('Stock', { exact: true }).selectOption(shooting!.ownerId);
  await expect(page.getByTestId('stocks-table').locator('tbody tr')).toHaveCount(1);
  const before = {
    views: Number(await tile(page, 'playerViews').textContent()),
    email: Number(await tile(page, 'emailShares').textContent()),
  };

  // A customer opens the player (its 'watched' notification), and the dealer shares it by e-mail.
  const player = await page.context().newPage();
  const watched = player.waitForResponse((r) => r.url().endsWith('/api/videos/notification'));
  await player.goto(`/public/player/${ref}`);
  expect((await watched).status()).toBe(200);
  await player.close();
  expect(
    (
      await me.post(`/api/users/${userId}/statistics/players/${ref}/shared`, { source: 'WEB', sharingType: 'EMAIL' })
    ).status(),
  ).toBe(204);

  await page.reload();
  await page.getByLabel('Period', { exact: true }).selectOption('7');
  await page.getByLabel('Stock', { exact: true }).selectOption(shooting!.ownerId);
  await expect(tile(page, 'playerViews')).toHaveText(String(before.views + 1));
  await expect(tile(page, 'emailShares')).toHaveText(String(before.email + 1));
  const row = page.getByTestId('stocks-table').locator(`tr[data-owner="${shooting!.ownerId}"]`);
  await expect(row.locator('td').first()).toHaveText(String(before.views + 1));
  await expect(page.locator('[data-figure="liveMeetings"] dt')).toHaveText('Live meetings held');

  // The chart: one bar for today at least, named for screen readers; by keyboard, another figure.
  const chart = page.getByRole('img', { name: /Player views per day/ });
  await expect(chart).toBeVisible();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(chart.locator(`rect[data-date="${today}"]`)).toHaveAttribute('data-value', /^[1-9]\d*$/);
  await page.getByRole('button', { name: 'Shared by e-mail' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: /Shared by e-mail per day/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show the figures as a table' }).focus();
  await page.keyboard.press('Enter');
  const days = page.getByTestId('days-table');
  await expect(days.locator('tbody tr')).toHaveCount(7);
  const [y, m, d] = today.split('-');
  await expect(days.locator('tbody tr').last().locator('th')).toHaveText(`${d}/${m}/${y}`);
  await expect(days.locator('tbody tr').last().locator('td').first()).not.toHaveText('0');
  await expectNoAxeViolations(page);

  // A custom period: a period longer than a year is refused before asking, a valid one is counted.
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  // The pickers take typed dates as dd/mm/yyyy, section by section; Ctrl+A and Backspace clear the field first.
  const fill = async (label: string, value: string) => {
    await page.getByRole('group', { name: label }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(value);
  };
  await fill('From', '01012020');
  await expect(page.getByText('The period can be at most a year long')).toBeVisible();
  await fill('From', `${d}${m}${y}`);
  await expect(page.getByText('The period can be at most a year long')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `From ${d}/${m}/${y} to ${d}/${m}/${y}` })).toBeVisible();
  await expect(tile(page, 'emailShares')).not.toHaveText('0');

  // The widest figure ("3.89 / 5") and every label stay on one line inside their tiles, at common desktop widths
  // and on a phone, in English and in Polish (long words): a 160 px column once wrapped "Live meetings held".
  await tile(page, 'averageRating').evaluate((dd) => (dd.textContent = '3.89 / 5'));
  const overflowingOrWrapped = () =>
    page
      .locator('[data-figure] dt, [data-figure] dd')
      .evaluateAll((cells) =>
        cells
          .filter(
            (cell) =>
              cell.scrollWidth > cell.clientWidth ||
              cell.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(cell).lineHeight),
          )
          .map((cell) => `${cell.textContent} at ${window.innerWidth} px`),
      );
  const widths = [1920, 1536, 1440, 1366, 1280, 390];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(overflowingOrWrapped).toHaveLength(0);
  }
  // The page as a Polish dealer opens it (the language choice is kept in the browser).
  await page.evaluate(() => localStorage.setItem('forecourt.language', 'pl'));
  await page.reload();
  await expect(page.locator('[data-figure="liveMeetings"] dt')).toHaveText('Odbyte spotkania na żywo');
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(overflowingOrWrapped).toHaveLength(0);
  }
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => localStorage.setItem('forecourt.language', 'en'));
  await page.reload();
  await expect(page.locator('[data-figure="liveMeetings"] dt')).toHaveText('Live meetings held');

  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expectNoAxeViolations(page);
});

test('the account screen shows the profile and keeps the chosen language on the server and in the browser', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('forecourt.language')) localStorage.setItem('forecourt.language', 'en');
  });
  await signIn(page, DEMO_EMAILS.sales);
  await openDrawerEntry(page, 'account');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  const profile = page.getByTestId('account-profile');
  await expect(profile.locator('[data-field="name"]')).toHaveText('Lucas Bernard');
  await expect(profile.locator('[data-field="email"]')).toHaveText(DEMO_EMAILS.sales);
  await expect(profile.locator('[data-field="group"]')).toHaveText('Garage Demo Group');
  await expect(profile.locator('[data-field="stocks"] li')).toHaveText(['Demo Motors Lyon', 'Demo Motors Paris']);
  // The embedded provider links no account page on this installation.
  await expect(page.getByTestId('identity-account-link')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const me = await api(page);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/me/language') && r.request().method() === 'PUT',
  );
  await page.getByTestId('account-language').selectOption('de');
  expect((await saved).status()).toBe(204);
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByText('Ihre Sprache wurde gespeichert.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('forecourt.language'))).toBe('de');
  expect((await me.get<{ locale: string }>('/api/users/me')).locale).toBe('de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByTestId('account-language')).toHaveValue('de');

  // Back to the account's first language.
  await page.getByTestId('account-language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect.poll(async () => (await me.get<{ locale: string }>('/api/users/me')).locale).toBe('fr');
});
