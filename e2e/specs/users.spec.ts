import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll, expectReachableByTab, PHONE } from '../support/phone';
import { DEMO_EMAILS, acceptCookies, signIn } from '../support/sign-in';
import { catchMail } from '../support/smtp';

// Signs in twice, sends a real e-mail and runs axe six times: more than the default on a busy 2-core machine.
test.describe.configure({ timeout: 300_000 });

const noAxe = async (page: Page, screen: string) =>
  expect(await axeViolations(page, screen, { include: 'main' })).toEqual([]);
const inBothThemes = async (page: Page, screen: string) => {
  await noAxe(page, `${screen} (light)`);
  await page.evaluate(() => localStorage.setItem('forecourt.darkMode', 'true'));
  await page.reload();
  await noAxe(page, `${screen} (dark)`);
  await page.evaluate(() => localStorage.setItem('forecourt.darkMode', 'false'));
  await page.reload();
};

test('the demo manager invites a user by e-mail; the invitee sets a password from the link and signs in', async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('app-drawer').locator('[data-entry="userBoard"]').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User board' })).toBeVisible();
  await expect(page.getByTestId('users-table').locator(`[data-email="${DEMO_EMAILS.sales}"]`)).toBeVisible();

  // The server searches as the manager types.
  await page.getByTestId('users-search').fill('bernard');
  await expect(page.getByTestId('users-table').locator('tbody tr')).toHaveCount(1);
  await page.getByTestId('users-search').fill('');
  await inBothThemes(page, 'user board');

  // Keyboard: the invite button is reached by Tab and opens the form with Enter.
  await page.locator('h1').click();
  const invite = page.getByRole('button', { name: 'Invite a user' });
  await expectReachableByTab(page, invite);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, 'invite dialog', { include: '[role="dialog"]' })).toEqual([]);

  const email = `invitee-${Date.now()}@demo.forecourt.test`;
  let smtp = await catchMail();
  try {
    await dialog.getByTestId('user-email').fill(email);
    await dialog.getByTestId('user-given-name').fill('Iris');
    await dialog.getByTestId('user-family-name').fill('Invitee');
    await dialog.getByLabel('Video: video shootings (remarketing)').check();
    await dialog.getByLabel('Send by e-mail', { exact: true }).check();
    await dialog.getByLabel('Demo Motors Paris').check();
    await dialog.getByTestId('user-save').click();
    await expect(page.getByText('The invitation has been sent.')).toBeVisible();
    await expect(page.getByTestId('users-table').locator(`[data-email="${email}"]`)).toContainText('Invited');

    const mail = await smtp.mail;
    expect(mail.subject).toBe('Your Forecourt account for Garage Demo Group');
    const link = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    // The invitee, in a browser of their own.
    const invitee = await browser.newContext();
    const other = await invitee.newPage();
    await other.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await other.goto(new URL(link!).pathname);
    await acceptCookies(other);
    await expect(other.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await expect(other.getByText(`Welcome Iris. Choose the password for ${email}.`)).toBeVisible();
    await inBothThemes(other, 'invitation page');
    await other.getByTestId('invitation-password').fill('short');
    await other.getByTestId('invitation-confirm').fill('short');
    await other.getByRole('button', { name: 'Save my password' }).click();
    await expect(other.getByText('The password needs at least 10 characters.')).toBeVisible();
    await other.getByTestId('invitation-password').fill('a good long password');
    await other.getByTestId('invitation-confirm').fill('a good long password');
    await other.getByRole('button', { name: 'Save my password' }).click();
    await expect(other.getByText('Your password is saved. You can now sign in.')).toBeVisible();
    await signIn(other, email, 'a good long password');
    await expect(other).toHaveURL(/\/shootings$/);

    await page.reload();
    const row = page.getByTestId('users-table').locator(`[data-email="${email}"]`);
    await expect(row).toContainText('Active');

    // A forgotten password: the manager sends a link by e-mail, and the user chooses a new password from it.
    await smtp.close();
    smtp = await catchMail();
    await page.getByRole('button', { name: 'Edit Iris Invitee' }).click();
    await page
      .getByRole('dialog', { name: 'Edit a user' })
      .getByRole('button', { name: 'Send a password reset link' })
      .click();
    await expect(page.getByText('A link to choose a new password has been sent.')).toBeVisible();
    const reset = await smtp.mail;
    expect(reset.subject).toBe('Choose a new Forecourt password');
    const resetLink = /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(reset.text ?? '')?.[0];
    expect(resetLink, reset.text).toBeTruthy();
    await other.goto(new URL(resetLink!).pathname);
    await other.getByTestId('invitation-password').fill('another long password');
    await other.getByTestId('invitation-confirm').fill('another long password');
    await other.getByRole('button', { name: 'Save my password' }).click();
    await expect(other.getByText('Your password is saved. You can now sign in.')).toBeVisible();

    // Deactivated, the invitee's open portal goes to the sign-in page on its next call, while its access token
    // has minutes left, rather than staying on screens that can no longer load.
    await page.getByRole('button', { name: 'Edit Iris Invitee' }).click();
    await page.getByRole('dialog', { name: 'Edit a user' }).getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate this user?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(row).toContainText('Deactivated');
    await other.goto('/shootings');
    await expect(other).toHaveURL(/\/login$/);
    await invitee.close();
  } finally {
    await smtp.close();
  }
});

test('the user board fits a 390 px phone, in Swedish to the pages of its list', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'sv'));
  await signIn(page, DEMO_EMAILS.manager);
  await page.goto('/users');
  await expect(page.getByTestId('users-table').locator(`[data-email="${DEMO_EMAILS.sales}"]`)).toBeVisible();
  await expect(page.getByText(/^1–\d+ av \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nästa sida' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Redigera Lucas Bernard' }).click();
  const edit = page.getByRole('dialog', { name: 'Redigera en användare' });
  // Habilitations and the board's role read in the page's language, not as identifiers alone.
  await expect(edit.getByRole('checkbox', { name: 'Leverantörens administratör' })).toBeVisible();
  await expect(edit.getByText('Öppnar användarhanteringen: bjuder in gruppens användare')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Inaktivera' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // One's own account is not offered for deactivation.
  await edit.getByRole('button', { name: 'Avbryt' }).click();
  await expect(edit).toHaveCount(0);
  await page.getByRole('button', { name: 'Redigera Camille Martin' }).click();
  await expect(edit.getByRole('button', { name: 'Spara' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Inaktivera' })).toHaveCount(0);
  // A link to a group that is not there says so, and leads back to one's own board.
  await page.goto('/users?group=no-such-group');
  await expect(page.getByText('Den här återförsäljargruppen finns inte')).toBeVisible();
  await page.getByRole('link', { name: 'Öppna din egen användarhantering' }).click();
  await expect(page.getByTestId('users-table').locator(`[data-email="${DEMO_EMAILS.sales}"]`)).toBeVisible();
  await context.close();
});

test('a user without manage-users is sent away from /users', async ({ page }) => {
  await signIn(page, DEMO_EMAILS.sales);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/shootings$/);
});
