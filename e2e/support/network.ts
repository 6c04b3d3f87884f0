import type { Page, Request } from '@playwright/test';

/**
 * What `networkidle` meant before the portal held a stream open: the signed-in header keeps the lead
 * alerts' server-sent events (`/api/engagement/alerts/stream`) open for as long as the page lives, so
 * the page's network is never idle. Track the page's requests from now on, and wait until none but that
 * stream has been under way for half a second.
 */
export function trackRequests(page: Page): { quiet: () => Promise<void> } {
  const pending = new Set<Request>();
  const held = (r: Request) => r.url().includes('/api/engagement/alerts/stream');
  page.on('request', (r) => {
    if (!held(r)) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return {
    quiet: async () => {
      let quietSince = Date.now();
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        if (pending.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 500) return;
        await page.waitForTimeout(50);
      }
      throw new Error(`Requests still under way after 30 s: ${[...pending].map((r) => r.url()).join(', ')}`);
    },
  };
}
