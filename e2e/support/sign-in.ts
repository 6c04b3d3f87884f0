import { expect, type Page } from '@playwright/test';

/** The password of every demo account (apps/server/src/seed/demo-accounts.ts). */
export const DEMO_PASSWORD = 'forecourt';

export const DEMO_EMAILS = {
  manager: 'manager@demo.forecourt.test',
  sales: 'sales@demo.forecourt.test',
  workshop: 'workshop@demo.forecourt.test',
  other: 'other@other-dealer.forecourt.test',
} as const;

/** Stores a cookie choice so the banner does not cover the page under test. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.evaluate(() =>
    localStorage.setItem(
      'forecourt.cookieConsent',
      JSON.stringify({ choice: 'accepted', at: new Date().toISOString() }),
    ),
  );
}

/**
 * Signs in through the real redirect: the portal's /login page, the identity lookup, the embedded
 * provider's own login page, and back to /shootings. Works whatever the page language.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await acceptCookies(page);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await expect(page.locator('#email')).toHaveValue(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/shootings$/);
}

/** The key under which oidc-client-ts keeps the signed-in user (tokens) in local storage. */
export const storedUserKey = (baseURL: string): string => `oidc.user:${baseURL}/oidc:forecourt-portal`;
