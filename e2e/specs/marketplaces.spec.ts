import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/phone';
import { firstDetailOf } from '../support/shootings-list';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { startReceiver } from '../support/webhook-receiver';

test('a shooting says what is missing per marketplace; an angle corrected sticks; the zip downloads', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(await firstDetailOf(page, 'Standard', /\/shootings\/[^/]+$/));

  const panel = page.getByTestId('marketplace-readiness');
  await expect(panel.getByRole('heading', { name: 'Marketplaces' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Ready for mobile.de' })).toBeVisible();
  await expect(panel.getByTestId('readiness-autotrader-uk')).toBeVisible();
  // leboncoin publishes no picture rule we could read: it is not said to be ready.
  await expect(panel.getByTestId('readiness-leboncoin').getByText('No rules to check')).toBeVisible();
  // AutoScout24's stamp rule is autoscout24.ch's: the card says it is Switzerland's.
  await expect(
    panel
      .getByTestId('readiness-autoscout24')
      .getByText('“Stamp or watermark” comes from AutoScout24’s rules for Switzerland only.'),
  ).toBeVisible();
  expect(await axeViolations(page, 'marketplaces', { include: '[data-testid="marketplace-readiness"]' })).toEqual([]);
  await expectNoSidewaysScroll(page);
  // A profile's buttons that wrap at 390 px start their line at the row's edge, not indented by the spacing.
  const indented = await panel.locator('[data-testid^="readiness-"] > :first-child').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const boxes = [...row.children].map((c) => c.getBoundingClientRect());
      const left = row.getBoundingClientRect().left;
      return boxes.filter((b, i) => i > 0 && b.top >= boxes[i - 1]!.bottom - 2 && Math.abs(b.left - left) > 1);
    }),
  );
  expect(indented).toEqual([]);

  // Each angle beside its picture: the gallery's own thumbnail, so a person sees which picture "Picture 1" is.
  const gallery = page.getByTestId('image-gallery').first();
  const first = await gallery.getByRole('listitem').first().locator('img').getAttribute('src');
  await expect(panel.getByTestId('angle-1').locator('img')).toHaveAttribute('src', first!);

  const picture1 = panel.getByLabel('Picture 1', { exact: true });
  const saved = page.waitForResponse((r) => /\/pictures\/\d+\/angle$/.test(r.url()));
  await picture1.selectOption('front_three_quarter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Angle saved')).toBeVisible();
  await page.reload();
  await expect(panel.getByLabel('Picture 1', { exact: true })).toHaveValue('front_three_quarter');
  await expect(panel.getByText('Set by hand').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download the zip for AutoTrader UK' }).click();
  expect((await download).suggestedFilename()).toMatch(/-AutoTrader_UK\.zip$/);
});

/** "Send to…" of a profile, from the keyboard: the menu opens on its first choice. */
async function sendFromKeyboard(page: Page, row: Locator, name: string, to: string) {
  await row.getByRole('button', { name: `Send the ${name} export to…` }).focus();
  await page.keyboard.press('Enter');
  const first = page.getByRole('menuitem').first();
  await expect(first).toBeFocused();
  if (to !== (await first.textContent())) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: to })).toBeFocused();
  await page.keyboard.press('Enter');
}

test('a manager sends an export to the group’s webhook endpoint and to the DMS; a salesperson is told why not', async ({
  page,
  browser,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_EMAILS.manager);
    // The group's endpoint for exports, on the test's receiver.
    await page.goto('/settings/api-keys?group=grp-demo');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('marketplace.export.ready').check();
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const detail = await firstDetailOf(page, 'Standard', /\/shootings\/[^/]+$/);
    await page.goto(detail);
    const row = page.getByTestId('readiness-autotrader-uk');
    await sendFromKeyboard(page, row, 'AutoTrader UK', 'To our webhook endpoints');
    await expect(row.getByText('Sent to the webhook endpoints')).toBeVisible();
    await expect(
      row.getByText(/^The AutoTrader UK export: \d+ pictures?, named and ordered for AutoTrader UK\.$/),
    ).toBeVisible();
    await expect(
      row.getByText(/^To \d+ webhook endpoints?, with links to the zip and the CSV and XML feeds that open until /),
    ).toBeVisible();
    expect(await axeViolations(page, 'marketplace send', { include: '[data-testid="marketplace-readiness"]' })).toEqual(
      [],
    );
    await expectNoSidewaysScroll(page);

    // The receiver gets the event; its zip link opens the export without a session.
    const event = () =>
      receiver.received
        .map((r) => JSON.parse(r.body) as { type: string; data: { profileId?: string; files?: { zip: string } } })
        .find((e) => e.type === 'marketplace.export.ready' && e.data.profileId === 'autotrader-uk');
    await expect.poll(() => event()?.type, { timeout: 60_000 }).toBe('marketplace.export.ready');
    const zip = await request.get(event()!.data.files!.zip);
    expect(zip.headers()['content-type']).toBe('application/zip');

    await sendFromKeyboard(page, row, 'AutoTrader UK', 'To our DMS');
    await expect(row.getByText('Queued for the DMS')).toBeVisible();
    await expect(
      row.getByText('To the DMS export folder; administrators see its delivery in Settings › DMS.'),
    ).toBeVisible();

    // A salesperson's account has no DMS option: the server refuses, and says so in the person's words.
    const sales = await browser.newPage();
    await sales.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(sales, DEMO_EMAILS.sales);
    await sales.goto(await firstDetailOf(sales, 'Standard', /\/shootings\/[^/]+$/));
    const salesRow = sales.getByTestId('readiness-mobile-de');
    await sendFromKeyboard(sales, salesRow, 'mobile.de', 'To our DMS');
    await expect(salesRow.getByRole('alert')).toHaveText('Your account may not send this export.');
    await sales.close();
  } finally {
    await receiver.close();
  }
});

test('settings: a group copies a built-in profile and edits its rules', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto('/settings/marketplaces');
  const panel = page.getByTestId('marketplace-profiles');
  await expect(panel.getByRole('heading', { name: 'AutoTrader UK' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Source: trade.autotrader.co.uk' })).toBeVisible();
  const autoscout = panel.getByRole('region', { name: 'AutoScout24', exact: true });
  await expect(autoscout.getByRole('link', { name: 'Source: guide.autoscout24.ch (Switzerland only)' })).toBeVisible();
  await expect(autoscout.getByText('Rules taken from it: Maximum pictures. Read on 29/11/2026.')).toBeVisible();
  expect(
    await axeViolations(page, 'marketplace profiles', { include: '[data-testid="marketplace-profiles"]' }),
  ).toEqual([]);

  await panel.getByRole('button', { name: 'Copy the leboncoin profile' }).click();
  await expect(page.getByText('Profile copied')).toBeVisible();
  const copy = panel.getByRole('region', { name: 'leboncoin (our rules)' });
  await copy.getByLabel('Lead picture').selectOption('front_three_quarter');
  await copy.getByLabel('Minimum width (px)').fill('1024');
  await copy.getByLabel('Number plate').selectOption('yes');
  await copy.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(
    panel.getByRole('region', { name: 'leboncoin (our rules)' }).getByLabel('Minimum width (px)'),
  ).toHaveValue('1024');
});
