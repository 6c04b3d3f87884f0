import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiHeaders } from '../support/api';
import { DEMO_EMAILS, signIn as signInAs } from '../support/sign-in';

/** A registration no earlier run used, so that each test finds its own shooting. */
const freshRegistration = (prefix: string) => `${prefix}-${Date.now().toString(36).slice(-6)}`.toUpperCase();

/** Signs in as the demo manager with the page in English. */
async function signIn(page: Page) {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signInAs(page, DEMO_EMAILS.manager);
}

const photo = (width: number, height: number, seed: number, quality = 80, sigma = 30) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 67) % 256, g: 90, b: (seed * 31) % 256 },
      noise: { type: 'gaussian', mean: 120, sigma },
    },
  })
    .jpeg({ quality })
    .toBuffer();

/** Drops files on the drop zone as a person dragging them from the desktop would. */
async function dropFiles(page: Page, files: { name: string; bytes: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') }));
  const transfer = await page.evaluateHandle((items) => {
    const browser = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: unknown): void } };
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown;
    };
    const dt = new browser.DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      dt.items.add(new browser.File([bytes], item.name, { type: 'image/jpeg' }));
    }
    return dt;
  }, payload);
  await page.getByTestId('image-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

async function fillDraft(page: Page, registration: string, { stock }: { stock: boolean }) {
  await page.getByLabel('Registration').fill(registration);
  await page.getByLabel('16/9').check();
  if (stock) {
    await page.getByLabel('Stock').click();
    await page.getByRole('option', { name: 'Paris' }).click();
  }
  await page.getByLabel('Stamp').click();
  await page.getByRole('option').first().click();
}

test.describe('creating a shooting', () => {
  test('a new registration with three JPEGs dropped in: progress, then the list, then STAMPED images in the detail', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/shootings/create');
    const registration = freshRegistration('e2e-new');
    await fillDraft(page, registration.toLowerCase(), { stock: true });
    await expect(page.getByLabel('Registration')).toHaveValue(registration);
    await dropFiles(
      page,
      await Promise.all([1, 2, 3].map(async (n) => ({ name: `car-${n}.jpg`, bytes: await photo(1600, 900, n) }))),
    );
    await expect(page.getByTestId('image-preview')).toHaveCount(3);

    // Hold the uploads until the progress has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/blobs/**', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add the shooting' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('upload-progress')).toHaveCount(3);
    await expect(page.getByText('Upload', { exact: true })).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/shootings$/);
    await expect(page.getByText('Your shooting was created')).toBeVisible();
    const card = page.getByTestId('shooting-card').filter({ hasText: registration }).getByRole('link').first();
    await expect(card).toBeVisible();
    // The list polls while the new shooting processes; a click that lands as its card re-renders is tried again.
    await expect(async () => {
      if (/\/shootings$/.test(page.url())) await card.click({ timeout: 5000 });
      await expect(page).toHaveURL(/\/owners\/own-demo-paris\/products\/[^/]+\/shootings\/[^/]+$/, { timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    // The pipeline stamps in the background: the detail shows the STAMPED renderings once they exist.
    await expect(async () => {
      await page.reload();
      await expect(page.locator('img[src*="-STAMPED-"]')).toHaveCount(3, { timeout: 2000 });
    }).toPass({ timeout: 60_000 });
  });

  test('"Required" shows only on a field the user left empty, and the confirm dialog keeps its text while it closes', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/shootings/create');
    await page.getByLabel('Registration').fill(freshRegistration('e2e-touch'));
    await page.getByLabel('16/9').check();
    await expect(page.getByLabel('Stock')).toBeVisible();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(0);
    await expect(page.getByText('This field is required')).toHaveCount(0);
    // Opened and left without a choice: now they say so.
    await page.getByLabel('Stock').click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await page.getByLabel('Stamp').click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('This field is required')).toBeVisible();

    await page.getByLabel('Stock').click();
    await page.getByRole('option', { name: 'Paris' }).click();
    await page.getByLabel('Stamp').click();
    await page.getByRole('option').first().click();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(0);
    await dropFiles(page, [{ name: 'touch.jpg', bytes: await photo(1280, 720, 31) }]);
    await page.getByRole('button', { name: 'Add the shooting' }).click();
    await expect(page.getByRole('dialog')).toContainText('1 image. Send');
    // Every text the dialog shows until it is gone, fade-out included.
    await page.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { dialogTexts: string[] }).dialogTexts = seen;
      const doc = (
        globalThis as unknown as { document: { body: unknown; querySelectorAll(s: string): { textContent: string }[] } }
      ).document;
      const Observer = (
        globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(n: unknown, o: object): void } }
      ).MutationObserver;
      new Observer(() => doc.querySelectorAll('[role="dialog"]').forEach((d) => seen.push(d.textContent))).observe(
        doc.body,
        { subtree: true, childList: true, characterData: true, attributes: true },
      );
    });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/shootings$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const texts = await page.evaluate(() => (globalThis as unknown as { dialogTexts: string[] }).dialogTexts);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => /Registration ,|\b0 images?\b/.test(t))).toEqual([]);
  });

  test('a known registration takes its stock from the vehicle', async ({ page }) => {
    await signIn(page);
    const headers = await apiHeaders(page);
    const vin = `Virtual_${crypto.randomUUID()}`;
    const registration = freshRegistration('e2e-known');
    const created = await page.request.post('/api/products/virtuals', {
      headers,
      data: { vin, ownerId: 'own-demo-lyon', registration, workflows: ['PHOTO', 'VIDEO'] },
    });
    expect(created.status()).toBe(201);
    await page.goto('/shootings/create');
    await page.getByLabel('Registration').fill(registration.slice(0, -2).toLowerCase());
    await page.getByRole('option', { name: registration }).click();
    await expect(page.getByText('Known vehicle')).toBeVisible();
    await page.getByLabel('16/9').check();
    await expect(page.getByLabel('Stock')).toHaveCount(0);
    await page.getByLabel('Stamp').click();
    await page.getByRole('option').first().click();
    await dropFiles(page, [{ name: 'known.jpg', bytes: await photo(1200, 675, 9) }]);
    await page.getByRole('button', { name: 'Add the shooting' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your shooting was created')).toBeVisible();
    const shootings = await page.request.get(`/api/shootings?registration=${registration}`, { headers });
    expect((await shootings.json()).items).toEqual([
      expect.objectContaining({ registration, ownerId: 'own-demo-lyon', productId: (await created.json()).id }),
    ]);
  });

  test('a 6 MB file and a 4K image are refused in the form', async ({ page }) => {
    await signIn(page);
    await page.goto('/shootings/create');
    await fillDraft(page, freshRegistration('e2e-big'), { stock: true });
    const big = await photo(2600, 1900, 4, 100, 90);
    expect(big.length).toBeGreaterThan(6_000_000);
    await dropFiles(page, [{ name: 'big.jpg', bytes: big }]);
    await expect(page.getByText('One or more images exceed the 5MB limit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add the shooting' })).toBeDisabled();
    await page.getByRole('button', { name: 'Remove' }).click();

    await dropFiles(page, [{ name: 'uhd.jpg', bytes: await photo(3840, 2160, 5, 60, 5) }]);
    await expect(
      page.getByText('One or more images exceed the allowed resolution (4K images are not accepted)'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add the shooting' })).toBeDisabled();
    await page.getByRole('button', { name: 'Remove' }).click();

    await dropFiles(page, [{ name: 'fine.jpg', bytes: await photo(1920, 1080, 6) }]);
    await expect(page.getByRole('button', { name: 'Add the shooting' })).toBeEnabled();
  });

  test('a refused upload leaves the dialog open with the error, and the retry sends only what did not arrive', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/shootings/create');
    await fillDraft(page, freshRegistration('e2e-retry'), { stock: true });
    await dropFiles(
      page,
      await Promise.all(
        [1, 2, 3].map(async (n) => ({ name: `retry-${n}.jpg`, bytes: await photo(1280, 720, 10 + n) })),
      ),
    );
    const puts: string[] = [];
    let refuse = true;
    await page.route('**/blobs/**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const url = route.request().url().split('?')[0]!;
      puts.push(url);
      // The blob store refuses the second file the first time.
      if (refuse && puts.length === 2) return route.fulfill({ status: 503, body: 'unavailable' });
      return route.continue();
    });
    await page.getByRole('button', { name: 'Add the shooting' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('An image could not be uploaded')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(page).toHaveURL(/\/shootings\/create$/);
    const refused = puts[1]!;

    refuse = false;
    const before = puts.length;
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/shootings$/);
    await expect(page.getByText('Your shooting was created')).toBeVisible();
    expect(puts.slice(before)).toEqual([refused]);
  });

  test('restamp from the detail: only stamps of the images format, confirmation OK to the list, the new stamp once done', async ({
    page,
  }) => {
    await signIn(page);
    const headers = await apiHeaders(page);
    const registration = freshRegistration('e2e-restamp');
    await page.goto('/shootings/create');
    await fillDraft(page, registration.toLowerCase(), { stock: true });
    await dropFiles(page, [{ name: 'restamp.jpg', bytes: await photo(1280, 720, 21) }]);
    await page.getByRole('button', { name: 'Add the shooting' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/shootings$/);
    const [shooting] = (
      await (await page.request.get(`/api/shootings?registration=${registration}`, { headers })).json()
    ).items as { id: string; productId: string; ownerId: string }[];
    const detailApi = `/api/owners/${shooting!.ownerId}/products/${shooting!.productId}/shootings/${shooting!.id}`;
    const me = (await (await page.request.get('/api/users/me', { headers })).json()) as { id: string };
    const wide = (await (await page.request.get(`/api/users/${me.id}/stamps?formats=16/9`, { headers })).json()) as {
      id: string;
      name: string;
    }[];
    const current = ((await (await page.request.get(detailApi, { headers })).json()) as { stamps: { id: string }[] })
      .stamps[0]!.id;
    const next = wide.find((s) => s.id !== current)!;

    await page.goto(detailApi.replace('/api', ''));
    await page.getByRole('button', { name: 'Restamp' }).click();
    const editor = page.getByRole('dialog', { name: 'Restamp the images' });
    await expect(editor.getByRole('radio')).toHaveCount(wide.length);
    await expect(editor.getByRole('button', { name: 'Send' })).toBeDisabled();
    await editor.getByRole('radio', { name: next.name }).click();
    await editor.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Restamp requested')).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/shootings$/);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(detailApi, { headers })).json()) as { stamps: { id: string }[] }).stamps[0]
            ?.id,
        { timeout: 60_000 },
      )
      .toBe(next.id);
  });
});
