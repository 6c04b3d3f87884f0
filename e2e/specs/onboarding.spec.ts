import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from '../support/sign-in';

// Issue 29's main path, as a new customer goes it: from an empty DATA_DIR to a dealer group set up on screens.
test.describe.configure({ timeout: 300_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const freePort = (): number =>
  Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );

/** A server of this spec's own, as a new installation runs it (the way setup.spec.ts starts one). */
let server: ChildProcess | null = null;
let dataDir = '';
let baseURL = '';
const log: string[] = [];

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-onboarding-e2e-'));
  const port = freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DEMO_SEED: 'false',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      IDENTITY_PROVIDERS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout!, server.stderr!])
    stream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  await expect
    .poll(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a new customer: setup code, provider administrator, dealer group, stock, stamp, then the user board', async ({
  browser,
}) => {
  // 1. The one-time setup code, from the server's log.
  const line = log.find((l) => l.includes('one-time setup code'));
  expect(line, log.join('\n')).toBeTruthy();
  const code = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(line!)![1]!;

  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));

  // 2. /setup: the provider's own group and its first provider administrator.
  await page.goto('/setup');
  await page.getByRole('textbox', { name: 'Setup code' }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your dealer group and administrator account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Dealer group name' }).fill('Forecourt Services');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@provider.example');
  await page.locator('input[name="password"]').fill('correct horse battery');
  await page.locator('input[name="confirm"]').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page.getByText('Setup is complete.')).toBeVisible();

  // 3. The real OIDC sign-in, on the embedded provider's page.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login$/);
  await signIn(page, 'ada@provider.example', 'correct horse battery');
  await expect(page).toHaveURL(/\/shootings$/);

  // 4. Settings, from the drawer: a dealer group.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByLabel('New group name').fill('Riviera Motors');
  await page.getByLabel('New group name').press('Enter');
  await expect(page.getByText('The dealer group has been created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Riviera Motors' })).toBeVisible();

  // 5. A stock of that group.
  await page.getByRole('button', { name: 'New stock' }).click();
  const stockDialog = page.getByRole('dialog');
  await stockDialog.getByLabel('Name').fill('Riviera Nice');
  await stockDialog.getByLabel('Label').fill('Nice');
  await stockDialog.getByLabel('Phone').fill('+33 4 93 00 00 00');
  await stockDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The stock has been saved.')).toBeVisible();
  await stockDialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('settings-stocks').getByText('Riviera Nice')).toBeVisible();

  // 6. A stamp composed from a frame colour and a banner text, previewed by the server.
  await page.getByRole('tab', { name: 'Stamps' }).click();
  await page.getByRole('button', { name: 'New stamp' }).click();
  const designer = page.getByRole('dialog');
  await designer.getByLabel('Name').fill('Riviera frame');
  await designer.getByLabel('Banner text').fill('Riviera Motors · 04 93 00 00 00');
  const preview = designer.getByTestId('stamp-preview');
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  const first = await preview.getAttribute('src');
  await designer.getByLabel('Frame colour').fill('#c0392b');
  await expect.poll(() => preview.getAttribute('src')).not.toBe(first);
  // The preview the server drew carries the frame in the chosen colour, at the picture's left edge.
  const drawn = Buffer.from((await preview.getAttribute('src'))!.split(',')[1]!, 'base64');
  const { data, info } = await sharp(drawn).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + 2) * info.channels;
  const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
  expect({ r: r > 150, g: g < 110, b: b < 110 }, `rgb(${r}, ${g}, ${b})`).toEqual({ r: true, g: true, b: true });
  await designer.getByRole('button', { name: 'Create the stamp' }).click();
  await expect(page.getByText('The stamp has been created.')).toBeVisible();
  await expect(page.getByTestId('settings-stamps').locator('li', { hasText: 'Riviera frame' })).toContainText(
    'version 1',
  );

  // 7. The user board, to invite the new group's manager. The board works on the signed-in user's own group
  // (the provider's), so the invitation cannot go to Riviera Motors: the dialog offers none of its stocks.
  // This is where the product stops today (see the report of issue 29); the test goes as far as it goes.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'User board' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User board' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(invite.getByRole('group', { name: 'Stocks' })).toBeVisible();
  await context.close();
});
