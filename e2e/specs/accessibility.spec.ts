import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { firstDetailOf } from '../support/shootings-list';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

/**
 * Zero WCAG 2.2 AA violations (axe-core) on every screen of the portal, in both themes, with every dialog
 * open, anonymous and signed in. One browser context per theme walks the screens; the findings of every
 * screen are gathered and reported together.
 */
const THEMES = ['light', 'dark'] as const;

/** The page in English and in the theme, before it loads anything. */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((dark) => {
    localStorage.setItem('forecourt.language', 'en');
    localStorage.setItem('forecourt.darkMode', String(dark));
  }, theme === 'dark');
}

for (const theme of THEMES) {
  for (const part of ['anonymous, the list and a standard shooting', 'the other detail types and screens'] as const) {
    test(`no WCAG 2.2 AA violation, ${theme} theme: ${part}`, async ({ page }) => {
      // Under a minute each on a quiet machine; a shared CI machine can be several times slower.
      test.setTimeout(600_000);
      // The test's own page: Playwright closes its context afterwards, so no page of this spec stays open
      // beside the next spec's (a leftover page kept the next spec's keyboard-opened file chooser from showing).
      await useTheme(page, theme);
      const found: string[] = [];
      const check = async (screen: string) => {
        found.push(...(await axeViolations(page, `${theme} ${screen}`)));
      };

      if (part === 'anonymous, the list and a standard shooting') {
        // Anonymous: the sign-in page with the cookie banner, the provider's page, the legal pages, 404.
        await page.goto('/login');
        await expect(page.getByRole('dialog', { name: 'Cookies' })).toBeVisible();
        await check('login with cookie banner');
        await page.getByRole('button', { name: 'Accept' }).click();
        await check('login');
        for (const path of ['/legal-notice', '/terms-of-service', '/privacy-policy', '/404']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await check(`anonymous ${path}`);
        }
        await page.goto('/login');
        await page.locator('input[type="email"]').fill(DEMO_EMAILS.manager);
        await page.locator('button[type="submit"]').click();
        await page.waitForURL(/\/oidc\/interaction\//);
        await check('identity provider sign-in');

        await signIn(page, DEMO_EMAILS.manager);
        await check('shootings list');
        await page.getByRole('button', { name: 'More', exact: true }).click();
        await check('shootings list, footer open');
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('navigation').first()).toBeVisible();
        await check('drawer');
        await page.keyboard.press('Escape');

        await page.goto('/shootings/create');
        await check('add shooting');

        // Standard detail and its dialogs.
        const standard = await firstDetailOf(page, 'Standard', /\/shootings\/[^/]+$/);
        await page.goto(standard);
        await expect(page.getByRole('complementary', { name: 'Actions' })).toBeVisible();
        await check('standard detail');
        await page.getByRole('button', { name: 'Download', exact: true }).click();
        await check('standard detail, download menu');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Player', exact: true }).click();
        await check('standard detail, player menu');
        await page.getByRole('menuitem', { name: 'Send by e-mail' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('standard detail, e-mail dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByRole('button', { name: 'Player', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Send by SMS' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('standard detail, SMS dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByRole('button', { name: 'Restamp' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('standard detail, restamp dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByRole('button', { name: 'Delete the shooting' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('standard detail, delete dialog');
        await page.getByRole('button', { name: 'No' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
        await page
          .getByRole('button', { name: /^Open image/ })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('standard detail, full screen image');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByRole('button', { name: 'Crop' }).click();
        await check('standard detail, edit mode');
      } else {
        await signIn(page, DEMO_EMAILS.manager);
        for (const [label, suffix] of [
          ['Videos', /\/video$/],
          ['Inspection', /\/inspect$/],
          ['Workshop video', /\/inspection-repair-order$/],
        ] as const) {
          await page.goto(await firstDetailOf(page, label, suffix));
          await expect(page.getByRole('complementary', { name: 'Actions' })).toBeVisible();
          await check(`${label} detail`);
        }

        await page.goto('/notifications/outbox');
        await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
        await check('outbox');
        await page.goto('/statistics');
        await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
        await check('statistics');
        await page.goto('/account');
        await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
        await check('account');
        await page.goto('/adminvideos');
        await expect(page.getByRole('heading', { level: 1, name: 'Videos admin' })).toBeVisible();
        await check('videos admin');
        await page.goto('/videos/live/rooms');
        await expect(page.getByRole('heading', { name: 'Live meetings' })).toBeVisible();
        await check('live meetings');
        await page.getByRole('button', { name: 'New meeting' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check('live meetings, new meeting dialog');
        await page.keyboard.press('Escape');
        for (const path of ['/legal-notice', '/404']) {
          await page.goto(path);
          await check(`signed in ${path}`);
        }
      }

      expect(found).toEqual([]);
    });
  }
}
