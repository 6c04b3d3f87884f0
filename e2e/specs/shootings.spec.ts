import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { seedE2e } from '../support/seed';

const MANAGER = 'manager@demo.forecourt.test';
const PASSWORD = 'forecourt';

interface Seeded {
  shootingId: string;
  productId: string;
  ownerId: string;
  registration: string;
  images: { position: number; type: string }[];
}
type Seed = Record<'standard' | 'toDelete' | 'video' | 'inspection' | 'repair', Seeded>;

/** The spec's shootings, written into the running server's data folder by the API tests' own factories. */
function seedShootings(): Seed {
  return seedE2e<Seed>('shootings');
}

/**
 * Signs in through the real login page and the embedded provider. Local to this spec until the sign-in
 * fixture of the sign-in issue exists.
 */
async function signIn(page: Page, email = MANAGER) {
  await page.addInitScript(() => {
    localStorage.setItem('forecourt.language', 'en');
    localStorage.setItem(
      'forecourt.cookieConsent',
      JSON.stringify({ choice: 'accepted', at: new Date().toISOString() }),
    );
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/shootings$/);
}

const cards = (page: Page) => page.getByTestId('shooting-card');

async function search(page: Page, opts: { registration?: string; start?: string; end?: string }) {
  if (opts.registration !== undefined)
    await page.getByRole('textbox', { name: 'Registration' }).fill(opts.registration);
  // The pickers take typed dates as dd/mm/yyyy, section by section.
  for (const [label, value] of [
    ['Start date', opts.start],
    ['End date', opts.end],
  ] as const) {
    if (!value) continue;
    const field = page.getByRole('group', { name: label });
    await field.click();
    await page.keyboard.type(value.replaceAll('/', ''));
  }
  await page.getByRole('button', { name: 'Search' }).click();
}

function zipEntries(file: string): Promise<{ name: string; head: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out: { name: string; head: Buffer }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, head: Buffer.concat(chunks).subarray(0, 2) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test.describe('shootings list and detail', () => {
  let seed: Seed;
  test.beforeAll(() => {
    seed = seedShootings();
  });

  test('search by registration, by date range and by type; Reset', async ({ page }) => {
    await signIn(page);
    await expect(cards(page).first()).toBeVisible();

    await search(page, { registration: 'e2e-sh-std' });
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card.getByTestId('card-registration')).toHaveText('E2E-SH-STD1');
    await expect(card.getByTestId('card-date')).toHaveText('10/02/2025');
    await expect(card.getByTestId('photo-count')).toHaveText('3');
    await expect(card).toContainText('E2E frame');
    await expect(card).toContainText('Megane');
    await expect(card).toContainText('Demo Motors Paris');
    await expect(card.getByTestId('status-label')).toHaveText('Done');
    await expect(card.locator('img')).toHaveJSProperty('complete', true);

    await search(page, { registration: 'E2E-SH', start: '11/02/2025', end: '13/02/2025' });
    await expect(cards(page).getByTestId('card-registration')).toHaveText([
      'E2E-SH-INS1',
      'E2E-SH-VID1',
      'E2E-SH-DEL1',
    ]);

    const type = (name: string) => page.getByRole('checkbox', { name, exact: true });
    await type('Standard').uncheck();
    await type('Inspection').uncheck();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(cards(page).getByTestId('card-registration')).toHaveText(['E2E-SH-VID1']);

    for (const name of ['Videos', 'Workshop video']) await type(name).uncheck();
    await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('textbox', { name: 'Registration' })).toHaveValue('');
    await expect(type('Standard')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Search' })).toBeEnabled();
    // The unfiltered first page again: more than the one VIDEO card of the last search.
    await expect(async () => expect(await cards(page).count()).toBeGreaterThan(1)).toPass();

    // A date typed in part is refused, not searched as no date; Reset clears it from the field too.
    const end = page.getByRole('group', { name: 'End date' });
    await end.click();
    await page.keyboard.type('31');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Invalid date format')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Invalid date format')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'End date' })).not.toContainText('31');
  });

  test('Load more to the end, then the info message; an empty search says so', async ({ page }) => {
    await signIn(page);
    await expect(cards(page).first()).toBeVisible();
    const more = page.getByRole('button', { name: 'Load more' });
    for (let loaded = await cards(page).count(); await more.isVisible();) {
      await more.click();
      await expect(async () => {
        const now = await cards(page).count();
        expect(now > loaded || !(await more.isVisible())).toBe(true);
        loaded = now;
      }).toPass();
    }
    await expect(page.getByRole('alert').filter({ hasText: 'All shootings are loaded.' })).toBeVisible();
    await search(page, { registration: 'NO-SUCH-PLATE' });
    await expect(page.getByText('No shootings found')).toBeVisible();
  });

  test('each detail type opens on its own route with its own content', async ({ page }) => {
    await signIn(page);
    const open = async (registration: string) => {
      await page.goto('/shootings');
      await search(page, { registration });
      await cards(page).first().click();
    };

    await open('E2E-SH-STD1');
    await expect(page).toHaveURL(new RegExp(`/shootings/${seed.standard.shootingId}$`));
    await expect(page.getByRole('heading', { name: 'Shooting E2E-SH-STD1' })).toBeVisible();
    await expect(page.getByTestId('detail-imagesCount')).toHaveText('3');
    await expect(page.getByTestId('detail-date')).toHaveText('10/02/2025 - 12:00:00');
    await expect(page.getByTestId('image-gallery').getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Detailed' }).click();
    await expect(page.getByRole('heading', { name: 'Originals, plate covered' })).toBeVisible();
    await expect(page.getByTestId('image-gallery')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Resend to DMS' })).toBeVisible();

    await open('E2E-SH-VID1');
    await expect(page).toHaveURL(/\/video$/);
    await expect(page.getByTestId('video-youtube')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await expect(page.getByRole('button', { name: 'Delete the video' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toHaveCount(0);

    await open('E2E-SH-INS1');
    await expect(page).toHaveURL(/\/inspect$/);
    await expect(page.getByRole('heading', { name: 'Inspection E2E-SH-INS1' })).toBeVisible();
    await expect(page.getByTestId('image-gallery').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Detailed' })).toHaveCount(0);

    await open('E2E-SH-IRO1');
    await expect(page).toHaveURL(/\/inspection-repair-order$/);
    await expect(page.getByRole('heading', { name: 'Workshop video E2E-SH-IRO1' })).toBeVisible();
  });

  test('fullscreen with previous / next by the keys, Escape closes', async ({ page }) => {
    await signIn(page);
    const s = seed.standard;
    await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
    await page.getByRole('button', { name: 'Open image 1' }).click();
    const image = page.getByTestId('fullscreen-image');
    await expect(image).toHaveAttribute('data-order', '1');
    await page.keyboard.press('ArrowRight');
    await expect(image).toHaveAttribute('data-order', '2');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(image).toHaveAttribute('data-order', '3');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(image).toHaveAttribute('data-order', '1');
    await page.keyboard.press('Escape');
    await expect(image).toHaveCount(0);
  });

  test('the three archives download as zips with the right entries', async ({ page }) => {
    await signIn(page);
    const s = seed.standard;
    await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
    const expected: Record<string, string[]> = {
      'Original images': ['001-ORIGINAL.jpg', '002-ORIGINAL.jpg', '003-ORIGINAL.jpg'],
      'Original and processed images': [
        '001-ORIGINAL.jpg',
        '001-ORIGINAL_LPC.jpg',
        '002-ORIGINAL.jpg',
        '003-ORIGINAL.jpg',
      ],
      'Stamped images': ['001-STAMPED.jpg', '002-STAMPED.jpg', '003-STAMPED.jpg'],
    };
    for (const [kind, names] of Object.entries(expected)) {
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: kind }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('2025-02-10-E2E-SH-STD1.zip');
      const file = path.join(test.info().outputDir, `${names.length}-${kind}.zip`);
      await download.saveAs(file);
      const entries = await zipEntries(file);
      expect(entries.map((e) => e.name)).toEqual(names);
      for (const e of entries) expect(e.head.equals(Buffer.from([0xff, 0xd8]))).toBe(true);
      fs.rmSync(file);
    }
  });

  test('delete a shooting after confirming: back to the list, gone from it', async ({ page }) => {
    await signIn(page);
    const s = seed.toDelete;
    await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
    const confirm = page.getByRole('dialog', { name: 'Delete this shooting?' });
    await page.getByRole('button', { name: 'Delete the shooting' }).click();
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete the shooting' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/shootings$/);
    await expect(page.getByRole('alert').filter({ hasText: 'The shooting was deleted.' })).toBeVisible();
    await search(page, { registration: 'E2E-SH-DEL1' });
    await expect(page.getByText('No shootings found')).toBeVisible();
  });
});

test('the date fields show their empty placeholder in the page language', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'de'));
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem(
      'forecourt.cookieConsent',
      JSON.stringify({ choice: 'accepted', at: new Date().toISOString() }),
    ),
  );
  await page.locator('input[type="email"]').fill(MANAGER);
  await page.locator('button[type="submit"]').click();
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/shootings$/);
  const start = page.getByRole('group', { name: 'Startdatum' });
  await expect(start.getByRole('spinbutton')).toHaveText(['TT', 'MM', 'JJJJ']);
  await expect(start.getByRole('spinbutton', { name: 'Jahr' })).toBeVisible();
});
