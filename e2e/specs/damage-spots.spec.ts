import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { expectNoSidewaysScroll, expectReachableByTab, expectWhollyOnScreen, PHONE } from '../support/phone';
import { seedE2e } from '../support/seed';
import { DEMO_EMAILS, signIn } from '../support/sign-in';

interface Seeded {
  shootingId: string;
  productId: string;
  ownerId: string;
  registration: string;
}

/** An inspection of its own registration (three pictures, the second one edited, one damage), written into the running server's data. */
function seedInspection(): Seeded {
  return seedE2e<Seeded>('damage-spots');
}

// The spin's one autoplay turn would move the frames (and their hotspots) under the test.
/** Opens the shooting's player from its detail page, once its spin has loaded on image 1 and its one damage. */
async function openPlayerOnFirstDamage(page: Page): Promise<{ player: Page; spin: Locator }> {
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Player', exact: true }).click();
  const player = await popup;
  const spin = player.getByRole('slider', { name: '360° view of the vehicle' });
  await expect(spin).toHaveAttribute('aria-busy', 'false');
  await expect(spin).toHaveAttribute('aria-valuetext', 'Image 1 of 3, damages on this image: 1');
  return { player, spin };
}

test.use({ reducedMotion: 'reduce' });
// Seconds each on a quiet machine; the margin is for a loaded one.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('damages in the spin and honest edits', () => {
  let seeded: Seeded;

  test.beforeAll(() => {
    seeded = seedInspection();
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(page, DEMO_EMAILS.manager);
    await page.goto(`/owners/${seeded.ownerId}/products/${seeded.productId}/shootings/${seeded.shootingId}/inspect`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(seeded.registration);
  });

  test('the dealer places a damage on a picture with the mouse, then moves it with the keyboard', async ({ page }) => {
    const row = page.getByTestId('damage-row');
    await expect(row.getByTestId('damage-spot')).toHaveText('Not placed');
    await row.getByRole('button', { name: 'Place on a picture: Front left — Dent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place the damage: Front left — Dent' });
    // The inspection's own pictures, then the vehicle's merchandising shooting's.
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(['This inspection', /^Standard shooting of /]);
    await expect(dialog.getByRole('group', { name: 'This inspection' }).getByRole('button')).toHaveCount(3);
    await expect(dialog.getByRole('group', { name: /^Standard shooting of / }).getByRole('button')).toHaveCount(2);
    const picture = dialog.getByRole('application', { name: /^Picture 1:/ });
    await expect(picture.locator('img')).toHaveJSProperty('complete', true);
    const box = (await picture.boundingBox())!;
    await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.6 } });
    await expect(dialog.getByTestId('spot-status')).toHaveText('Marker at 25 % from the left and 60 % from the top');
    await expect(picture).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await expect(dialog.getByTestId('spot-status')).toHaveText('Marker at 29 % from the left and 50 % from the top');
    expect(await axeViolations(page, 'place a damage')).toEqual([]);
    const saved = page.waitForResponse((r) => r.url().endsWith('/spot') && r.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('damage-spot')).toHaveText('On picture 1');
  });

  test('with damages shown on its link, the player opens the hotspot with the mouse and with the keyboard', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Player settings' }).click();
    const settings = page.getByRole('dialog', { name: 'What the player link shows' });
    const damages = settings.getByRole('switch', { name: 'Show the damages placed on the pictures' });
    const edited = settings.getByRole('switch', { name: /^Label edited pictures/ });
    await expect(damages).not.toBeChecked();
    await damages.click();
    await expect(damages).toBeChecked();
    await expect(damages).toBeEnabled();
    await edited.click();
    await expect(edited).toBeChecked();
    await expect(edited).toBeEnabled();
    expect(await axeViolations(page, 'player settings')).toEqual([]);
    await settings.getByRole('button', { name: 'Close' }).click();

    const { player, spin } = await openPlayerOnFirstDamage(page);
    try {
      const hotspot = player.getByTestId('damage-hotspot');
      await expect(hotspot).toHaveAccessibleName('Damage 1: Dent, Moderate');
      // The hotspot sits where the dealer placed it: 29 % across and half-way down the frame.
      const frame = (await spin.boundingBox())!;
      const spot = (await hotspot.boundingBox())!;
      expect(Math.abs(spot.x + spot.width / 2 - (frame.x + frame.width * 0.29))).toBeLessThan(3);
      expect(Math.abs(spot.y + spot.height / 2 - (frame.y + frame.height * 0.5))).toBeLessThan(3);

      await hotspot.click();
      const dialog = player.getByRole('dialog', { name: 'Damage 1' });
      await expect(dialog).toContainText('TypeDent');
      await expect(dialog).toContainText('SeverityModerate');
      await expect(dialog).toContainText('LocationFront left');
      await expect(dialog.getByRole('img', { name: 'Photo of the damage' })).toHaveJSProperty('complete', true);
      expect(
        await dialog
          .getByRole('img', { name: 'Photo of the damage' })
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      ).toBeGreaterThan(0);
      expect(await axeViolations(player, 'player damage dialog')).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      // Keyboard: from the spin, Tab reaches the hotspot, Enter opens it, Escape closes it.
      await spin.focus();
      await player.keyboard.press('Tab');
      await expect(hotspot).toBeFocused();
      await player.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await player.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The next frame has no damage but is edited; the list below the spin still reaches the damage.
      await spin.focus();
      await player.keyboard.press('ArrowRight');
      await expect(spin).toHaveAttribute('aria-valuetext', 'Image 2 of 3, Edited');
      await expect(hotspot).toHaveCount(0);
      await expect(player.getByTestId('player-edited-label')).toHaveText('Edited');
      await player.getByTestId('damage-list-item').click();
      await expect(dialog).toBeVisible();
      await expect(spin).toHaveAttribute('aria-valuenow', '1');
      await player.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await axeViolations(player, 'player with damages')).toEqual([]);

      // The dark theme (the portal's stored choice) keeps the hotspot, the list and the dialog readable.
      await player.evaluate(() => localStorage.setItem('forecourt.darkMode', 'true'));
      await player.reload();
      await expect(spin).toHaveAttribute('aria-busy', 'false');
      await hotspot.click();
      await expect(dialog).toBeVisible();
      expect(await axeViolations(player, 'player damage dialog, dark')).toEqual([]);
      await player.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await axeViolations(player, 'player with damages, dark')).toEqual([]);
    } finally {
      await player.close();
    }
  });

  test('an edited picture is labelled and the before/after toggle shows its original', async ({ page }) => {
    const gallery = page.getByTestId('image-gallery');
    const edited = gallery.getByRole('button', { name: 'Open image 2 (Edited)' });
    await expect(edited.getByTestId('edited-label')).toHaveText('Edited');
    await expect(gallery.getByTestId('edited-label')).toHaveCount(1);
    await edited.click();
    const image = page.getByTestId('fullscreen-image');
    await expect(image).toHaveAttribute('data-type', 'ORIGINAL_LPC');
    const toggle = page.getByRole('group', { name: 'Before / after' });
    await expect(toggle.getByRole('button', { name: 'Edited' })).toHaveAttribute('aria-pressed', 'true');
    await toggle.getByRole('button', { name: 'Original' }).click();
    await expect(image).toHaveAttribute('data-type', 'ORIGINAL');
    await expect(image).toHaveAttribute('data-order', '2');
    await expect(toggle.getByRole('button', { name: 'Original' })).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations(page, 'before/after')).toEqual([]);
    await toggle.getByRole('button', { name: 'Edited' }).click();
    await expect(image).toHaveAttribute('data-type', 'ORIGINAL_LPC');
  });

  // After the tests above: the damage is placed and the player link shows damages.
  test.describe('on a 390 px phone', () => {
    test.use(PHONE);

    test("the damage placing dialog and the player's hotspot, list and dialog fit the phone and are reached by keyboard", async ({
      page,
    }) => {
      const row = page.getByTestId('damage-row');
      await expect(row.getByTestId('damage-spot')).toHaveText('On picture 1');
      await expectNoSidewaysScroll(page);
      const move = row.getByRole('button', { name: /: Front left — Dent$/ });
      await expectWhollyOnScreen(move);
      await move.click();
      const dialog = page.getByRole('dialog', { name: 'Place the damage: Front left — Dent' });
      const picture = dialog.getByRole('application', { name: /^Picture 1:/ });
      await expect(picture.locator('img')).toHaveJSProperty('complete', true);
      await expectWhollyOnScreen(picture);
      await expect(dialog.getByTestId('spot-status')).toHaveText('Marker at 29 % from the left and 50 % from the top');
      const place = dialog.getByRole('button', { name: 'Place', exact: true });
      await picture.focus();
      await expectReachableByTab(page, place, 10);
      await expectWhollyOnScreen(place);
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page, 'place a damage, phone')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      const { player, spin } = await openPlayerOnFirstDamage(page);
      try {
        const hotspot = player.getByTestId('damage-hotspot');
        await expectWhollyOnScreen(hotspot);
        await expectNoSidewaysScroll(player);
        await spin.focus();
        await player.keyboard.press('Tab');
        await expect(hotspot).toBeFocused();
        await player.keyboard.press('Enter');
        const damage = player.getByRole('dialog', { name: 'Damage 1' });
        await expect(damage.getByRole('img', { name: 'Photo of the damage' })).toHaveJSProperty('complete', true);
        for (const part of [
          damage.getByRole('img', { name: 'Photo of the damage' }),
          damage.getByText('Moderate', { exact: true }),
          damage.getByRole('button', { name: 'Close' }),
        ])
          await expectWhollyOnScreen(part);
        await expectNoSidewaysScroll(player);
        expect(await axeViolations(player, 'player damage dialog, phone')).toEqual([]);
        await player.keyboard.press('Escape');
        await expect(damage).toBeHidden();
        const item = player.getByTestId('damage-list-item');
        await expectWhollyOnScreen(item);
        await expectNoSidewaysScroll(player);
        expect(await axeViolations(player, 'player with damages, phone')).toEqual([]);
      } finally {
        await player.close();
      }
    });
  });
});
