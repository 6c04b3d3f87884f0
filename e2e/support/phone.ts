/// <reference lib="dom" />
import { expect, type Locator, type Page } from '@playwright/test';

/** A phone as the phone checks use it: 390 × 844 CSS px, touch, mobile layout. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** Nothing sticks out sideways: the page never scrolls horizontally. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(width, `page width of ${page.url()}`).toBeLessThanOrEqual(PHONE.viewport.width);
}

/** The element, scrolled to, is whole on the screen: not cut off by its edges nor by a parent that clips it. */
export async function expectWhollyOnScreen(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport({ ratio: 1 });
  // In the viewport, and not clipped by an ancestor that hides its overflow: what is drawn is its whole box.
  const clipped = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const r = p.getBoundingClientRect();
      if (box.left < r.left - 0.5 || box.right > r.right + 0.5 || box.top < r.top - 0.5 || box.bottom > r.bottom + 0.5)
        return true;
    }
    return false;
  });
  expect(clipped, `${target.toString()} is cut off by a parent`).toBe(false);
}

/** Tab, from where the focus is, reaches the element within `presses` presses. */
export async function expectReachableByTab(page: Page, target: Locator, presses = 40): Promise<void> {
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
