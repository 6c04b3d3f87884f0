import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from '../support/axe';
import { PHONE, expectNoSidewaysScroll } from '../support/phone';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

// Issue 34 point 6: what stamping to the format cuts from a photo is shown before the shooting is sent.

/** Screenshots to look at, kept in E2E_SHOTS when it is set. */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
}

/** Drops one JPEG on the drop zone as a person dragging it from the desktop would. */
async function dropPhoto(page: Page, name: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const browser = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: unknown[], name: string, opts: { type: string }) => unknown;
      };
      const dt = new browser.DataTransfer();
      dt.items.add(
        new browser.File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/jpeg' }),
      );
      return dt;
    },
    { name, base64: bytes.toString('base64') },
  );
  await page.getByTestId('image-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

for (const theme of ['light', 'dark'] as const) {
  test(`a 1200×767 photo shows, before sending, the 7 % a side the 4/3 stamp cuts (phone, ${theme} theme)`, async ({
    browser,
  }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.addInitScript((dark) => {
      localStorage.setItem('forecourt.language', 'en');
      localStorage.setItem('forecourt.darkMode', String(dark));
    }, theme === 'dark');
    await signIn(page, DEMO_EMAILS.manager);
    await page.goto('/shootings/create');
    await page.getByLabel('Registration').fill(`CROP-${Date.now().toString(36).slice(-5)}`.toUpperCase());
    const golf = await sharp({
      create: { width: 1200, height: 767, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    await dropPhoto(page, 'golf.jpg', golf);
    await expect(page.getByTestId('image-preview')).toHaveCount(1);
    // No format yet: nothing to tell.
    await expect(page.getByTestId('crop-warning')).toHaveCount(0);

    await page.getByLabel('4/3').check();
    const warning = page.getByTestId('crop-warning');
    await expect(warning).toContainText("The shaded edges fall outside the stamp's 4/3 format");
    const preview = page.getByTestId('image-preview');
    await expect(preview.getByTestId('crop-cut')).toHaveText('7 % cut on each side');
    // The whole photo is shown, its cut edges shaded: each band is (1200 - 767 × 4/3) / 2 / 1200 of its width.
    const photo = (await preview.getByRole('img', { name: 'golf.jpg' }).boundingBox())!;
    expect(photo.width / photo.height).toBeCloseTo(1200 / 767, 1);
    const bands = preview.getByTestId('crop-band');
    await expect(bands).toHaveCount(2);
    const [left, right] = [(await bands.nth(0).boundingBox())!, (await bands.nth(1).boundingBox())!];
    const share = (1200 - (767 * 4) / 3) / 2 / 1200;
    expect(left.width / photo.width).toBeCloseTo(share, 2);
    expect(left.x).toBeCloseTo(photo.x, 0);
    expect(right.x + right.width).toBeCloseTo(photo.x + photo.width, 0);
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page, `${theme} crop preview`)).toEqual([]);
    await shot(page, `crop-preview-${theme}`);

    // 16/9 is wider than the photo: its top and bottom go instead.
    await page.getByLabel('16/9').check();
    await expect(preview.getByTestId('crop-cut')).toHaveText('6 % cut at top and bottom');
    await expect(warning).toContainText('16/9');
    await context.close();
  });
}
