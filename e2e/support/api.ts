import type { Page } from '@playwright/test';

/**
 * The headers of an API call as the page's signed-in user: the access token the portal keeps in local
 * storage and the portal's API key. Playwright's request sets the JSON content type for `data` itself.
 */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    const config = (await (await fetch('/api/web-config')).json()) as { apiKey: string };
    return { authorization: `Bearer ${user.access_token}`, 'x-api-key': config.apiKey };
  });
}
