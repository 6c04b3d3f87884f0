import { expect, test, type Page } from '@playwright/test';
import { seedE2e } from '../support/seed';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { catchMail } from '../support/smtp';

/** A finished STANDARD shooting of 12 frames, written into the running server's data by the API tests' factory. */
function seedShooting(): { ownerId: string; productId: string; shootingId: string } {
  return seedE2e<{ ownerId: string; productId: string; shootingId: string }>('players');
}

async function openDetail(page: Page) {
  const s = seedShooting();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`);
  return s;
}

async function openPlayerMenu(page: Page, item: 'Show the player' | 'Send by e-mail' | 'Send by SMS') {
  await page.getByRole('button', { name: 'Player', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a reference made on the detail page opens, without a session, a player that spins, zooms and takes a rating', async ({
  page,
  browser,
}) => {
  await openDetail(page);
  const info = page.waitForResponse((r) => r.url().includes('/marketplaces/FORECOURT'));
  const popup = page.context().waitForEvent('page');
  await openPlayerMenu(page, 'Show the player');
  const { ref, url } = (await (await info).json()) as { ref: string; url: string };
  expect(url).toMatch(new RegExp(`/p/${ref}$`));
  await (await popup).close();

  const visitor = await browser.newContext();
  const player = await visitor.newPage();
  const watched = player.waitForRequest((r) => r.url().endsWith('/api/videos/notification') && r.method() === 'POST');
  const playerPage = await player.goto(url);
  await expect(player).toHaveURL(new RegExp(`/public/player/${ref}$`));
  expect(await playerPage!.text()).toContain('<div id="player-static-frame" aria-hidden="true">');
  expect((await watched).postDataJSON()).toEqual({ ref, notification: 'watched' });
  await expect(player.getByText('12 avenue de la Grande Armée, 75017 Paris')).toBeVisible();
  await expect(player.getByRole('link', { name: /Call \+33 1 84 88 12 34/ })).toBeVisible();
  // The stock gives its contact titles per language: each visitor reads them in theirs.
  await expect(player.locator('dt', { hasText: 'Opening hours' })).toBeVisible();
  const german = await browser.newContext({ locale: 'de-DE' });
  const germanPlayer = await german.newPage();
  await germanPlayer.goto(url);
  await expect(germanPlayer.locator('dt', { hasText: 'Öffnungszeiten' })).toBeVisible();
  await expect(germanPlayer.locator('dt', { hasText: 'Adresse' })).toBeVisible();
  await german.close();
  // The player's own page keeps what the portal showed around it: the cookie banner, until the visitor chooses.
  const cookies = player.getByRole('dialog', { name: 'Cookies' });
  await expect(cookies.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  await cookies.getByRole('button', { name: 'Refuse' }).click();
  await expect(cookies).toBeHidden();
  expect(
    await player.evaluate(
      () => (JSON.parse(localStorage.getItem('forecourt.cookieConsent') ?? '{}') as { choice?: string }).choice,
    ),
  ).toBe('refused');

  const spin = player.getByRole('slider', { name: '360° view of the vehicle' });
  await expect(spin).toHaveAttribute('aria-busy', 'false');
  await expect(spin).toHaveAttribute('aria-valuemax', '12');
  // The first frame the server drew in the page gives way to the spin's own.
  await expect(player.locator('#player-static-frame')).toHaveCount(0);
  // Any key stops the autoplay turn; then each arrow moves one frame.
  await spin.focus();
  await player.keyboard.press('Home');
  await expect(spin).toHaveAttribute('aria-valuenow', '1');
  await player.keyboard.press('ArrowRight');
  await player.keyboard.press('ArrowRight');
  await expect(spin).toHaveAttribute('aria-valuetext', 'Image 3 of 12');
  await player.keyboard.press('ArrowLeft');
  await expect(spin).toHaveAttribute('aria-valuenow', '2');

  const box = (await spin.boundingBox())!;
  await player.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await player.mouse.down();
  await player.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 10 });
  await player.mouse.up();
  await expect(spin).not.toHaveAttribute('aria-valuenow', '2');

  await player.keyboard.press('+');
  await expect(spin).toHaveAttribute('data-zoom', '1.25');
  await player.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await player.mouse.wheel(0, -400);
  await expect.poll(async () => Number(await spin.getAttribute('data-zoom'))).toBeGreaterThan(1.25);
  await player.keyboard.press('0');
  await expect(spin).toHaveAttribute('data-zoom', '1.00');

  const rating = player.getByTestId('rating-block');
  const send = rating.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  // The star's label is what a visitor clicks; the radio under it is visually hidden.
  await rating.locator('label', { hasText: '4 stars' }).click();
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await rating.getByLabel('Comment (optional)').fill('Lovely car');
  await expect(rating.getByText('10/255')).toBeVisible();
  await expect(send).toBeEnabled();
  const scoring = player.waitForResponse((r) => r.url().endsWith('/API/V1/panorama-shootings/scorings'));
  await send.click();
  expect((await scoring).status()).toBe(201);
  await expect(player.getByText('Thank you for your rating!')).toBeVisible();
  await expect(rating).toBeHidden();
  // Back on the page, the visitor sees that the rating was received, and no form to rate again.
  await player.reload();
  await expect(player.getByTestId('rating-received')).toHaveText('Your rating has been received. Thank you!');
  await expect(player.getByTestId('rating-block')).toHaveCount(0);
  await visitor.close();

  // A visitor who chose German and the dark mode in the portal gets both on the player.
  const returning = await browser.newContext();
  await returning.addInitScript(() => {
    localStorage.setItem('forecourt.language', 'de');
    localStorage.setItem('forecourt.darkMode', 'true');
  });
  const again = await returning.newPage();
  await again.goto(url);
  await expect(again.getByRole('slider', { name: '360°-Ansicht des Fahrzeugs' })).toHaveAttribute('aria-busy', 'false');
  await expect(again.getByRole('heading', { name: 'Kontakt' })).toBeVisible();
  await expect(
    again.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Akzeptieren' }),
  ).toBeVisible();
  await expect(again.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  // The dealer's logo, drawn for a light page, keeps a light surface on the dark header.
  await expect(again.locator('header img')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  if (process.env.E2E_SHOTS) await again.screenshot({ path: `${process.env.E2E_SHOTS}/player-dark.png` });
  // The same visitor (same address) in another browser: the server knows the rating was received.
  await again.getByRole('dialog', { name: 'Cookies' }).getByRole('button', { name: 'Akzeptieren' }).click();
  const secondRating = again.getByTestId('rating-block');
  await secondRating.locator('label').nth(2).click();
  await secondRating.getByRole('button').click();
  await expect(again.getByTestId('rating-received')).toHaveText('Ihre Bewertung ist eingegangen. Vielen Dank!');
  await expect(again.getByText('Ihre Bewertung konnte nicht gesendet werden')).toHaveCount(0);
  await returning.close();
});

test('e-mails the player link to a real SMTP server: subject, link, line breaks and typed markup as text', async ({
  page,
}) => {
  const { mail, close } = await catchMail();
  try {
    await openDetail(page);
    await openPlayerMenu(page, 'Send by e-mail');
    const dialog = page.getByRole('dialog', { name: 'Send the player by e-mail' });
    const body = dialog.getByLabel('Message');
    const link = ((await body.inputValue()).match(/http:\/\/\S+\/p\/[A-Za-z0-9_-]+/) ?? [''])[0];
    expect(link).not.toBe('');

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('The e-mail address is required')).toBeVisible();
    await dialog.getByLabel('To').fill('buyer-at-example');
    await dialog.getByLabel('To').blur();
    await expect(dialog.getByText('The e-mail address is not valid')).toBeVisible();
    await dialog.getByLabel('To').fill('buyer@example.test');
    await dialog.getByLabel('Subject').fill('');
    await dialog.getByLabel('Subject').blur();
    await expect(dialog.getByText('The subject is required')).toBeVisible();
    await dialog.getByLabel('Subject').fill('Your next car');
    await body.fill(`Hello,\nthe car: ${link}\n<script>alert("x")</script>`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('The e-mail has been sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    const message = await mail;
    expect(message.subject).toBe('Your next car');
    expect(message.to && 'value' in message.to ? message.to.value[0]?.address : '').toBe('buyer@example.test');
    // The recipient gets a personal link: the player's link and a token of theirs (issue 31).
    const personal = (message.text ?? '').match(new RegExp(`${link}/[A-Za-z0-9_-]{22}`))?.[0] ?? '';
    expect(personal).not.toBe('');
    expect(message.text).toContain(`Hello,\nthe car: ${personal}\n<script>alert("x")</script>`);
    const html = String(message.html);
    expect(html).toContain(
      `Hello,<br>the car: <a href="${personal}">${personal}</a><br>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;`,
    );
    expect(html).not.toContain('<script>');

    // The dialog opens again empty of what was typed.
    await openPlayerMenu(page, 'Send by e-mail');
    await expect(page.getByRole('dialog').getByLabel('To')).toHaveValue('');

    // In the outbox on a 390 px phone, its stacked row shows the status whole on the right, the SMTP server's
    // message id under it, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/notifications/outbox');
    const status = page
      .getByTestId('outbox')
      .getByRole('row')
      .filter({ hasText: 'buyer@example.test' })
      .first()
      .locator('td[data-label="Status"]');
    await status.scrollIntoViewIfNeeded();
    const chip = status.locator('.MuiChip-root');
    await expect(chip).toHaveText('Sent');
    await expect(chip).toBeInViewport({ ratio: 1 });
    expect(await chip.locator('.MuiChip-label').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    const cell = (await status.boundingBox())!;
    const box = (await chip.boundingBox())!;
    const detail = (await status.locator('.MuiTypography-caption').boundingBox())!;
    expect(cell.x + cell.width - (box.x + box.width)).toBeLessThan(16);
    expect(detail.y).toBeGreaterThanOrEqual(box.y + box.height);
    expect(detail.x + detail.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await close();
  }
});

test('the SMS dialog checks each rule before sending, and the message reaches the outbox its success links to', async ({
  page,
}) => {
  await openDetail(page);
  await openPlayerMenu(page, 'Send by SMS');
  const dialog = page.getByRole('dialog', { name: 'Send the player by SMS' });
  const phone = dialog.getByLabel('Mobile number');
  const text = dialog.getByLabel('Text');
  const send = dialog.getByRole('button', { name: 'Send' });

  // The phone widget comes a moment after the dialog, with France chosen.
  await expect(phone).toBeVisible();
  await expect(dialog.getByLabel('Country')).toHaveValue('FR');

  await send.click();
  await expect(dialog.getByText('Required')).toBeVisible();

  for (const wrong of ['abc', '06 12', '+999 1234 5678']) {
    await phone.fill(wrong);
    await send.click();
    await expect(dialog.getByText('Enter a valid international phone number')).toBeVisible();
  }

  await phone.fill('06 12 34 56 78');
  await text.fill('');
  await send.click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await text.fill('x'.repeat(161));
  await send.click();
  await expect(dialog.getByText('Too long: 160 characters at most · 161/160')).toBeVisible();

  // Six digits of the clock tell this run's message from any other in the outbox.
  const token = String(Date.now()).slice(-6);
  await text.fill(`Your car:\nref ${token}`);
  await expect(dialog.getByText('20/160')).toBeVisible();
  await send.click();
  await expect(page.getByText('The SMS has been sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The e2e server has no SMS gateway: the embedded outbox kept it, spaces stripped, line break kept. A provider
  // administrator reaches it from the success message.
  await page.getByRole('alert').getByRole('link', { name: 'See it in the outbox' }).click();
  await expect(page).toHaveURL(/\/notifications\/outbox$/);
  const row = page.getByRole('row').filter({ hasText: `ref ${token}` });
  await expect(row).toContainText('+33612345678');
  await expect(row.getByRole('cell', { name: `Your car: ref ${token}` })).toBeVisible();
  expect(await row.getByRole('cell', { name: `Your car: ref ${token}` }).innerText()).toBe(`Your car:\nref ${token}`);
});
