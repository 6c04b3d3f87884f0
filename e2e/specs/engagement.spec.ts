import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { trackRequests } from '../support/network';
import { expectNoSidewaysScroll, PHONE } from '../support/phone';
import { seedE2e } from '../support/seed';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { catchMail } from '../support/smtp';

/** A finished shooting of 12 frames, written into the running server's data by the API tests' factory. */
function seedShooting(): { ownerId: string; productId: string; shootingId: string } {
  return seedE2e<{ ownerId: string; productId: string; shootingId: string }>('players');
}

test('the manager e-mails a personal link; the recipient opens it on a phone and spins; the bell tells the manager at once', async ({
  page,
  browser,
}) => {
  const s = seedShooting();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
  const { mail, close } = await catchMail();
  let link = '';
  try {
    await page.getByRole('button', { name: 'Player', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Send by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the player by e-mail' });
    await dialog.getByLabel('To').fill('martin@example.test');
    await dialog.getByLabel("Recipient's name").fill('Mr Martin');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('The e-mail has been sent')).toBeVisible();
    // The recipient's personal link, as the e-mail carries it.
    link = ((await mail).text?.match(/http:\/\/\S+\/p\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{22}/) ?? [''])[0];
  } finally {
    await close();
  }
  expect(link).not.toBe('');

  const phone = await browser.newContext(PHONE);
  const visitor = await phone.newPage();
  await visitor.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  // The personal link is the player's page itself: no redirect, one round trip on a phone.
  const first = await visitor.goto(link);
  expect(first?.status()).toBe(200);
  expect(first?.request().redirectedFrom()).toBeNull();
  await expect(visitor).toHaveURL(link);
  const notice = visitor.getByTestId('engagement-notice');
  await expect(notice).toContainText('This link was sent to you personally');
  const opened = Date.now();
  await expect(page.getByTestId('live-alert')).toContainText('Mr Martin is looking at the', { timeout: 1000 });
  expect(Date.now() - opened).toBeLessThan(1000);

  const spin = visitor.getByRole('slider').first();
  // The spin turns by keys once its frames are in (it says so with aria-busy); earlier presses are not spins.
  await expect(spin).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await spin.focus();
  for (let i = 0; i < 3; i++) {
    await visitor.waitForTimeout(150);
    await visitor.keyboard.press('ArrowRight');
  }
  await expectNoSidewaysScroll(visitor);
  // The page's batch leaves now rather than at the next 15 s tick, as when the recipient switches app.
  await visitor.evaluate(() => window.dispatchEvent(new Event('pagehide')));

  // The engagement panel shows the visit and the angles seen (frames 0 to 3 of the 12 at least), in both themes.
  const requests = trackRequests(page);
  const panel = page.getByTestId('engagement-panel');
  const findings: string[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((on) => localStorage.setItem('forecourt.darkMode', String(on)), dark);
    await page.reload();
    await expect(panel.getByTestId('engagement-recipient').first()).toContainText('Mr Martin');
    await expect(panel).toContainText('Visits: 1');
    await expect(panel.getByTestId('engagement-angles').first()).toContainText(
      // At least frames 0 to 3 (the spin may step once more on its own as it settles).
      /Spin angles viewed: ([4-9]|1[0-2]) of 12/,
    );
    await expect(panel.getByTestId('engagement-angles').first()).toContainText('90°');
    await requests.quiet();
    findings.push(
      ...(await axeViolations(page, `engagement panel (${dark ? 'dark' : 'light'})`, {
        include: '[data-testid="engagement-panel"]',
      })),
    );
  }
  expect(findings).toEqual([]);
  // The statistics' funnel counts the link as sent and opened.
  await page.goto('/statistics');
  await expect(page.getByTestId('funnel-opened')).not.toHaveText(/^0/);
  await expect(page.getByTestId('funnel-table')).toBeVisible();
  expect(
    await axeViolations(visitor, 'player with the measuring notice', { include: '[data-testid="engagement-notice"]' }),
  ).toEqual([]);
  await page.getByRole('button', { name: /^Alerts/ }).click();
  const centre = page.getByRole('dialog', { name: 'Alerts' });
  await expect(centre.getByText('Mr Martin is looking at the').first()).toBeVisible();
  await expect(centre.getByRole('button', { name: 'Call now' }).first()).toBeVisible();
  expect(await axeViolations(page, 'alert centre')).toEqual([]);

  // Call now: a room, its link e-mailed to the recipient, and the manager on the room's page; the recipient's link
  // opens the same room. (Joining sends media, which the live specs check in a network namespace of their own.)
  const invitation = await catchMail();
  let roomLink = '';
  try {
    await centre.getByRole('button', { name: 'Call now' }).first().click();
    await expect(page.getByText("The call's link was sent by e-mail")).toBeVisible();
    const message = await invitation.mail;
    expect(message.to && 'value' in message.to ? message.to.value[0]?.address : '').toBe('martin@example.test');
    roomLink = (message.text?.match(/http:\/\/\S+/) ?? [''])[0];
  } finally {
    await invitation.close();
  }
  const room = new URL(roomLink);
  await expect(page).toHaveURL((u) => u.pathname === room.pathname);
  // This browser has no camera either: whether or not the lobby's device dialog is already over the page (it hides
  // the page from the accessibility tree), the room's title and its join button are on screen.
  await expect(page.getByText('Mr Martin · AB-101-CD', { exact: true })).toBeVisible();
  await expect(page.getByText('Join the meeting', { exact: true })).toBeVisible();
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await guest.goto(roomLink);
  // The room made for this recipient and car (this browser has no camera: the lobby says so over its page).
  await expect(guest.getByText('Mr Martin · AB-101-CD', { exact: true })).toBeVisible();
  await guestContext.close();
  // The visitor opts out (past the cookie banner): remembered, nothing more is measured, and what their visit
  // recorded (the panel's visit, the manager's alert) is erased.
  await visitor.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Refuse' }).click();
  await notice.getByRole('button', { name: 'Do not measure me' }).click();
  await expect(notice).toContainText('You chose not to be measured');
  await phone.close();
  await page.goto('/statistics');
  // On a phone, the statistics with their funnel and the shooting with its engagement panel fit the screen.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('funnel-table')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('funnel-390.png'), fullPage: true });
  await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
  // The visitor's opt-out erased what their visit had measured: the link reads as never opened.
  await expect(panel.getByTestId('engagement-recipient').first()).toContainText('Not opened yet');
  await panel.scrollIntoViewIfNeeded();
  await requests.quiet();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('panel-390.png'), fullPage: true });
});
