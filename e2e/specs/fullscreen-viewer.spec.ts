import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE } from '../support/phone';
import { firstDetailOf } from '../support/shootings-list';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

// The fullscreen viewer shows each picture whole, stamp band and wheels included, and a phone swipes (issue 34).

async function openFirstPicture(page: Page): Promise<Locator> {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(await firstDetailOf(page, 'Standard', /\/shootings\/[^/]+$/));
  await page.getByRole('button', { name: 'Open image 1' }).first().click();
  const image = page.getByTestId('fullscreen-image');
  await expect(image).toHaveAttribute('data-order', '1');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image;
}

/** The rectangle the picture is drawn in (object-fit: contain), in CSS pixels. */
const drawn = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
    const width = img.naturalWidth * scale;
    const height = img.naturalHeight * scale;
    return {
      left: box.left + (box.width - width) / 2,
      top: box.top + (box.height - height) / 2,
      width,
      height,
      natural: img.naturalWidth / img.naturalHeight,
      fit: getComputedStyle(img).objectFit,
    };
  });

test('on a 1440×900 screen the picture is drawn whole inside the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const image = await openFirstPicture(page);
  const d = await drawn(image);
  expect(d.fit).toBe('contain');
  expect(d.top).toBeGreaterThanOrEqual(-0.5);
  expect(d.left).toBeGreaterThanOrEqual(-0.5);
  expect(d.top + d.height).toBeLessThanOrEqual(900.5);
  expect(d.left + d.width).toBeLessThanOrEqual(1440.5);
  // Fitted, not shrunk to a stamp: it takes the whole height or the whole width.
  expect(Math.max(d.height / 900, d.width / 1440)).toBeGreaterThan(0.99);
  // The image element itself never overflows the screen either (what was 1440×1080 before).
  const box = (await image.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(900.5);
});

test('on a phone, swiping left and right moves between the pictures', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const image = await openFirstPicture(page);
  const d = await drawn(image);
  expect(d.top + d.height).toBeLessThanOrEqual(PHONE.viewport.height + 0.5);
  expect(d.left + d.width).toBeLessThanOrEqual(PHONE.viewport.width + 0.5);

  const cdp = await context.newCDPSession(page);
  const swipe = async (fromX: number, toX: number) => {
    const y = 420;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= 5; step++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: fromX + ((toX - fromX) * step) / 5, y }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  // Which picture comes next depends on the shooting's pictures (earlier specs edit them): each gallery
  // position has its own alt text (order and type), so a swipe is seen as the picture changing and coming back.
  const first = (await image.getAttribute('alt'))!;
  await swipe(300, 80);
  await expect(image).not.toHaveAttribute('alt', first);
  const second = (await image.getAttribute('alt'))!;
  await swipe(80, 300);
  await expect(image).toHaveAttribute('alt', first);
  // A short or vertical move is no swipe; a swipe again goes to the same next picture.
  await swipe(200, 190);
  await expect(image).toHaveAttribute('alt', first);
  await swipe(300, 80);
  await expect(image).toHaveAttribute('alt', second);
  await context.close();
});
