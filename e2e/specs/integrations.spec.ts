import { createHmac, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiHeaders } from '../support/api';
import { axeViolations } from '../support/axe';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { catchMail } from '../support/smtp';
import { startReceiver, type Received } from '../support/webhook-receiver';

// The picture pipeline stamps the shooting before shooting.finished: more than the default on 2 cores.
test.describe.configure({ timeout: 240_000 });

/** The receiver's check of the Standard Webhooks signature: HMAC-SHA256 of "id.timestamp.body" with the secret's bytes. */
function signedBy(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

async function expectNoAxeViolations(page: Page, screen: string) {
  const dialog = await page.getByRole('dialog').count();
  expect(await axeViolations(page, screen, { include: dialog ? '[role="dialog"]' : 'main' })).toEqual([]);
}

/** Reads the value shown once in the dialog, then closes it. */
async function takeSecret(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  const value = await dialog.getByTestId('secret-once').inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return value;
}

test('a manager creates an API key and a webhook endpoint; a shooting created with the key is told in order, signed', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(page, DEMO_EMAILS.manager);
    await page.goto('/settings/api-keys?group=grp-demo');

    // A key that creates shootings, for every stock of the group.
    await page.getByLabel('Name', { exact: true }).fill('E2E website');
    await page.getByLabel('Create shootings and upload pictures').check();
    await page.getByRole('button', { name: 'Create the key' }).click();
    await expect(page.getByRole('dialog', { name: 'Your new API key' })).toBeVisible();
    await expectNoAxeViolations(page, 'API key shown once, 390 px');
    const key = await takeSecret(page);
    expect(key).toMatch(/^fck_/);
    await expect(page.getByTestId('api-keys').getByText('E2E website')).toBeVisible();
    await expectNoAxeViolations(page, 'API keys, 390 px');

    // An endpoint on the test's receiver for the two shooting events.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel('shooting.created').check();
    await page.getByLabel('shooting.finished').check();
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    const secret = await takeSecret(page);
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page, 'webhooks, 390 px');

    // The test event, from the keyboard.
    const item = page.getByTestId('webhooks').locator('li').filter({ hasText: receiver.url });
    await item.getByRole('button', { name: 'Send a test event' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('The test event was delivered.')).toBeVisible();
    await expect(item.getByTestId('webhook-deliveries').getByText('webhook.test', { exact: true })).toBeVisible();
    // Dated as the rest of the portal dates (DD/MM/YYYY, the language's clock), to the second.
    await expect(item.getByTestId('webhook-deliveries')).toContainText(
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M: 204 in/,
    );
    expect(signedBy(secret, receiver.received.at(-1)!)).toBe(true);

    // One more event taken, edited in place: the secret, and so the receiver's check below, stay.
    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the endpoint' });
    await edit.getByLabel('images.edited').check();
    await expectNoAxeViolations(page, 'webhook endpoint edit, 390 px');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(item).toContainText('images.edited');

    // A shooting created through the API with the key, as the group's website would.
    const auth = { authorization: `Bearer ${key}` };
    const me = (await (await request.get('/api/users/me', { headers: auth })).json()) as { id: string };
    const stamps = (await (await request.get(`/api/users/${me.id}/stamps`, { headers: auth })).json()) as Array<{
      id: string;
      format: string;
    }>;
    const product = await request.post('/api/products/virtuals', {
      headers: auth,
      data: {
        vin: `Virtual_${randomUUID()}`,
        ownerId: 'own-demo-paris',
        registration: 'WH-032-AP',
        workflows: ['PHOTO'],
      },
    });
    expect(product.status()).toBe(201);
    const productId = ((await product.json()) as { id: string }).id;
    const urls = await request.post(`/api/products/${productId}/shootings/generate_presigned_urls`, {
      headers: auth,
      data: { images: [{ id: randomUUID(), contentType: 'image/jpeg' }] },
    });
    const upload = ((await urls.json()) as { images: Array<{ presignedUrl: string; url: string }> }).images[0]!;
    const jpeg = await sharp({
      create: {
        width: 1280,
        height: 720,
        channels: 3,
        background: { r: 120, g: 90, b: 60 },
        noise: { type: 'gaussian', mean: 120, sigma: 30 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(
      (await request.put(upload.presignedUrl, { headers: { 'content-type': 'image/jpeg' }, data: jpeg })).ok(),
    ).toBe(true);
    const registered = await request.post(`/api/owners/own-demo-paris/products/${productId}/shootings`, {
      headers: auth,
      data: {
        userId: me.id,
        shootingType: 'standard',
        images: [
          { url: upload.url, order: 0, imageType: 'ORIGINAL', format: stamps[0]!.format, stampId: stamps[0]!.id },
        ],
      },
    });
    expect(registered.status()).toBe(201);
    const shootingId = ((await registered.json()) as { id: string }).id;

    const events = () =>
      receiver.received
        .map((r) => ({ r, body: JSON.parse(r.body) as { type: string; data: { shootingId?: string } } }))
        .filter((e) => e.body.data.shootingId === shootingId);
    await expect
      .poll(() => events().map((e) => e.body.type), { timeout: 180_000 })
      .toEqual(['shooting.created', 'shooting.finished']);
    for (const e of events()) expect(signedBy(secret, e.r)).toBe(true);
  } finally {
    await receiver.close();
  }
});

test('a group’s own manager opens Integrations from the menu and adds a key and an endpoint for their group only', async ({
  page,
  browser,
  request,
}) => {
  const receiver = await startReceiver();
  const smtp = await catchMail();
  const email = `it-manager-${Date.now()}@demo.forecourt.test`;
  const password = 'integrations manager pass';
  try {
    // A pure manager of the demo group (manage-users, no provider habilitation, its three stocks), invited
    // through the real user board API by the demo provider administrator; the password set from the e-mail's link.
    await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(page, DEMO_EMAILS.manager);
    const invited = await page.request.post('/api/user-board/users', {
      headers: await apiHeaders(page),
      data: {
        email,
        givenName: 'Ivy',
        familyName: 'Integrator',
        locale: 'en',
        roles: ['manage-users'],
        habilitations: [],
        models: ['VIDEO'],
        options: {},
        ownerIds: ['own-demo-paris', 'own-demo-lyon', 'own-demo-lille'],
      },
    });
    expect(invited.status()).toBe(201);
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec((await smtp.mail).text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect((await request.post(`/api/invitations/${token}`, { data: { password } })).ok()).toBe(true);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const manager = await context.newPage();
    await manager.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(manager, email, password);

    // The drawer's Integrations entry, by keyboard; no Settings entry for a manager without the habilitations.
    await manager.getByRole('button', { name: 'Menu' }).click();
    const drawer = manager.getByTestId('app-drawer');
    await expect(drawer.locator('[data-entry="settings"]')).toHaveCount(0);
    await drawer.locator('[data-entry="integrations"]').focus();
    await manager.keyboard.press('Enter');
    await expect(manager).toHaveURL(/\/integrations$/);
    await expect(manager.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    // Their own group, no group to choose: the stocks offered are the ones the manager reaches there.
    await expect(manager.getByLabel('Demo Motors Lyon')).toBeVisible();
    await expect(manager.getByLabel('Other Dealer Bordeaux')).toHaveCount(0);
    await expect(manager.getByText('None ticked: every stock you reach today (not stocks added later).')).toBeVisible();
    await expectNoAxeViolations(manager, 'integrations, API keys, 390 px');

    await manager.getByLabel('Name', { exact: true }).fill('Group CRM');
    await manager.getByLabel('Demo Motors Paris').check();
    await manager.getByRole('button', { name: 'Create the key' }).click();
    await expect(manager.getByRole('dialog', { name: 'Your new API key' })).toBeVisible();
    const key = await takeSecret(manager);
    const listed = manager.getByTestId('api-keys').locator('li').filter({ hasText: 'Group CRM' });
    await expect(listed).toContainText('Demo Motors Paris');
    const shootings = await request.get('/api/shootings', { headers: { authorization: `Bearer ${key}` } });
    expect(shootings.status()).toBe(200);

    await manager.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(manager).toHaveURL(/\/integrations\/webhooks$/);
    await manager.getByLabel('Endpoint URL').fill(receiver.url);
    await manager.getByRole('button', { name: 'Add the endpoint' }).click();
    expect(await takeSecret(manager)).toMatch(/^whsec_/);
    const item = manager.getByTestId('webhooks').locator('li').filter({ hasText: receiver.url });
    await item.getByRole('button', { name: 'Send a test event' }).click();
    await expect(manager.getByText('The test event was delivered.')).toBeVisible();
    await expect(item.getByTestId('webhook-deliveries').getByText('webhook.test', { exact: true })).toBeVisible();
    await expectNoAxeViolations(manager, 'integrations, webhooks, 390 px');
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The dark theme, after a reload: the endpoint is listed again from the server.
    await manager.evaluate(() => localStorage.setItem('forecourt.darkMode', 'true'));
    await manager.reload();
    await expect(item).toBeVisible();
    await expectNoAxeViolations(manager, 'integrations, webhooks, 390 px, dark');
    await manager.getByRole('tab', { name: 'API keys' }).click();
    await expect(listed).toBeVisible();
    await expectNoAxeViolations(manager, 'integrations, API keys, 390 px, dark');

    // Their group's marketplace profiles: a copy of a built-in, deleted only once confirmed.
    await manager.getByRole('tab', { name: 'Marketplaces' }).click();
    await expect(manager).toHaveURL(/\/integrations\/marketplaces$/);
    await manager.getByRole('button', { name: 'Copy the AutoTrader UK profile' }).click();
    const copy = manager.getByRole('region', { name: 'AutoTrader UK (our rules)' });
    await expect(copy.getByLabel('Maximum pictures')).toHaveValue('100');
    await expectNoAxeViolations(manager, 'integrations, marketplaces, 390 px, dark');
    await copy.getByRole('button', { name: 'Delete' }).click();
    const confirm = manager.getByRole('dialog', { name: 'Delete this profile?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await copy.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(copy).toHaveCount(0);
    await context.close();
  } finally {
    await smtp.close();
    await receiver.close();
  }
});
