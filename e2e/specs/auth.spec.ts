import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, acceptCookies, signIn, storedUserKey } from '../support/sign-in';

// The e2e installation links no other application (APP_LINKS unset): the drawer shows the portal's own screens only.
const COMMON = ['shootings', 'statistics'];

/** The drawer of a provider administrator who manages users, with every option (manager@ and other@ alike). */
const ADMINISTRATOR_ENTRIES = [
  'shootings',
  'statistics',
  'userBoard',
  'dms',
  'liveRooms',
  'adminVideos',
  'account',
  'settings',
  'audit',
  'outbox',
  'logout',
];

/** Drawer entries each demo account's rights give (spec sections 2 and 6). */
const EXPECTED: Record<string, string[]> = {
  [DEMO_EMAILS.manager]: ADMINISTRATOR_ENTRIES,
  [DEMO_EMAILS.sales]: ['shootings', 'statistics', 'account', 'logout'],
  [DEMO_EMAILS.workshop]: ['shootings', 'statistics', 'account', 'logout'],
  [DEMO_EMAILS.other]: ADMINISTRATOR_ENTRIES,
};

const openDrawer = async (page: Page) => {
  await page.locator('header button').first().click();
  const drawer = page.getByTestId('app-drawer');
  await expect(drawer).toBeVisible();
  return drawer;
};

for (const [email, expected] of Object.entries(EXPECTED)) {
  test(`${email} signs in and sees exactly the drawer entries of its rights`, async ({ page }) => {
    await signIn(page, email);
    const drawer = await openDrawer(page);
    // The options arrive after the claims: wait until the entries settle on what the rights give.
    await expect(drawer.locator('[data-entry]')).toHaveCount(expected.length);
    expect(
      await drawer.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry'))),
    ).toEqual(expected);
    for (const name of COMMON) await expect(drawer.locator(`[data-entry="${name}"]`)).toBeVisible();
  });
}

test('the login page checks the e-mail, and language and dark mode survive a reload', async ({ page }) => {
  await page.goto('/login');
  await acceptCookies(page);
  const email = page.locator('input[type="email"]');
  const submit = page.locator('button[type="submit"]');
  await email.fill('not-an-email');
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(submit).toBeDisabled();
  await email.fill('');
  await expect(page.getByText('E-mail is required')).toBeVisible();
  await expect(submit).toBeDisabled();

  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('forecourt.language'))).toBe('fr');

  await signIn(page, DEMO_EMAILS.workshop);
  const toggle = page.getByRole('button', { name: 'Mode sombre' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mode clair' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
});

test('the e-mail is remembered and an unknown e-mail gets a clear message', async ({ page }) => {
  await page.goto('/login');
  await acceptCookies(page);
  await page.locator('input[type="email"]').fill('nobody@unknown-dealer.test');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('No Forecourt account uses this e-mail address.')).toBeVisible();
  await signIn(page, DEMO_EMAILS.sales);
  await page.evaluate(() =>
    localStorage.removeItem(Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!),
  );
  await page.goto('/login');
  await expect(page.locator('input[type="email"]')).toHaveValue(DEMO_EMAILS.sales);
});

test('logout ends the provider session and returns to /login', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.manager);
  const drawer = await openDrawer(page);
  const providerLogout = page.waitForResponse((r) => r.url().includes('/oidc/session/end/confirm'));
  await drawer.locator('[data-entry="logout"]').click();
  await providerLogout;
  await page.waitForURL(/\/login$/);
  await expect(page.locator('input[type="email"]')).toBeVisible();
  await page.goto('/shootings');
  await expect(page).toHaveURL(/\/login$/);
  // The provider asks for the password again: its session is gone too.
  await page.locator('input[type="email"]').fill(DEMO_EMAILS.manager);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.locator('#password')).toBeVisible();
});

test('an expired access token is renewed without the user noticing', async ({ page, baseURL }) => {
  await signIn(page, DEMO_EMAILS.sales);
  const key = storedUserKey(baseURL!);
  const before = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!) as { access_token: string }, key);
  await page.evaluate((k) => {
    const user = JSON.parse(localStorage.getItem(k)!) as { expires_at: number };
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(k, JSON.stringify(user));
  }, key);
  await page.reload();
  await expect(page).toHaveURL(/\/shootings$/);
  // oidc-client-ts replaces the stored user while it renews, so wait for a stored session that is both new and
  // valid rather than for the old token to be gone.
  const isRenewed = ([k, oldToken]: readonly [string, string]) => {
    const user = JSON.parse(localStorage.getItem(k) ?? 'null') as { access_token: string; expires_at: number } | null;
    return user !== null && user.access_token !== oldToken && user.expires_at > Date.now() / 1000;
  };
  await expect.poll(() => page.evaluate(isRenewed, [key, before.access_token] as const)).toBe(true);
  await expect(page).toHaveURL(/\/shootings$/);
});

test('a failed refresh lands on /login', async ({ page, baseURL }) => {
  await signIn(page, DEMO_EMAILS.sales);
  await page.evaluate((k) => {
    const user = JSON.parse(localStorage.getItem(k)!) as { expires_at: number; refresh_token: string };
    user.expires_at = Math.floor(Date.now() / 1000) - 60;
    user.refresh_token = 'revoked-refresh-token';
    localStorage.setItem(k, JSON.stringify(user));
  }, storedUserKey(baseURL!));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('option-guarded routes redirect to / and protected routes to /login', async ({ page }) => {
  await page.goto('/shootings');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO_EMAILS.workshop);
  await page.goto('/videos/live/rooms');
  await expect(page).toHaveURL(/\/shootings$/);
  await page.goto('/adminvideos');
  await expect(page).toHaveURL(/\/shootings$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/shootings$/);
});

test('an unknown path shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
});

test('the legal pages are public, in French for French and in English otherwise', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByText('valid as of 1 January 2017')).toBeVisible();
  await expect(page.getByText('No sale takes place on the sites', { exact: false })).toBeVisible();
  await expect(page.getByText('intended for professionals', { exact: false })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('forecourt.language', 'fr'));
  await page.goto('/legal-notice');
  await expect(page.getByText("il n'y a pas de vente en ligne", { exact: false })).toBeVisible();
  // The publisher and the contact are the deployment's (LEGAL_PUBLISHER, LEGAL_CONTACT of the e2e server).
  await expect(page.getByText('sont édités par Forecourt E2E SAS, 1 rue du Test, 75001 Paris.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'legal@forecourt.test' })).toHaveAttribute(
    'href',
    'mailto:legal@forecourt.test',
  );
  await expect(page.getByText('formulaire de contact')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('forecourt.language', 'de'));
  await page.goto('/privacy-policy');
  await expect(page.getByText('Data controller')).toBeVisible();
  // What the player measures, though, in the reader's own language (the player's notice links there).
  await expect(page.locator('#engagement')).toHaveAttribute('lang', 'de');
  await expect(page.locator('#engagement')).toContainText('Global Privacy Control');
  await expect(page.locator('#engagement')).toContainText('„Nicht messen“');
});
