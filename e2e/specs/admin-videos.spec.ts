import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiHeaders } from '../support/api';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { axeViolations } from '../support/axe';
import { ffmpegPath, writeTestVideo } from '../support/ffmpeg';

/** Seconds-long test media made with the machine's ffmpeg for this run. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-e2e-media-'));
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const ffmpeg = (args: string[], out: string) => {
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args, path.join(dir, out)]);
  return path.join(dir, out);
};
const video = (out: string, colour: string, extra: string[] = []) => {
  writeTestVideo(
    path.join(dir, out),
    { picture: `color=c=${colour}:s=640x360:r=25:d=2`, sound: 'sine=f=500:d=2' },
    extra,
  );
  return path.join(dir, out);
};

/** What the tests read of a media element (the e2e workspace has no DOM types). */
type Player = { duration: number; videoWidth: number };

const OTHER_USER_ID = '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0004';

const line = (page: Page, slot: string) => page.getByTestId(`media-line-${slot}`);

test('the admin configures intro, outro and audio; a VIDEO shooting then plays CONCAT_AUDIO on its page and in the public player', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const intro = video('intro.mp4', 'red');
  const outro = video('outro.mov', 'green', ['-f', 'mov']);
  const music = ffmpeg(['-f', 'lavfi', '-i', 'sine=f=330:d=3', '-c:a', 'libmp3lame'], 'music.mp3');
  const wav = ffmpeg(['-f', 'lavfi', '-i', 'sine=f=330:d=1', '-c:a', 'pcm_s16le'], 'voice.wav');

  // Waited for from before the first navigation: asked for only once the screen was loaded, Chromium's
  // chooser was never reported, though Enter did click the file input with a user activation.
  const chooser = page.waitForEvent('filechooser');
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await signIn(page, DEMO_EMAILS.other);
  await page.goto('/adminvideos');
  await expect(page.getByRole('heading', { name: 'Videos admin', level: 1 })).toBeVisible();
  await expect(page.getByText('Recommended video resolution: 1280x720')).toBeVisible();
  for (const slot of ['introduction', 'conclusion', 'audio'])
    await expect(line(page, slot).getByTestId('status-empty')).toBeVisible();
  // The screen itself (the shell's collapsed footer is not this feature's).
  expect(await axeViolations(page, 'videos admin', { include: '[data-testid="admin-videos"]' })).toEqual([]);

  // By keyboard: focus "Add" on the introduction line, Enter opens the file chooser.
  await line(page, 'introduction').getByRole('button', { name: 'Add' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(intro);
  await expect(page.getByRole('alert')).toHaveText('The file was uploaded.');
  await expect(line(page, 'introduction').getByTestId('status-configured')).toBeVisible();
  await expect(line(page, 'introduction').getByText(/intro\.mp4 · 2 s/)).toBeVisible();

  // The audio input offers .wav: it is taken (the server keeps an MP3 made from it), and plays.
  await line(page, 'audio').getByTestId('file-input-audio').setInputFiles(wav);
  await expect(page.getByRole('alert')).toHaveText('The file was uploaded.');
  await expect(line(page, 'audio').getByText(/voice\.wav · 1 s/)).toBeVisible();

  await line(page, 'conclusion').getByTestId('file-input-conclusion').setInputFiles(outro);
  await expect(line(page, 'conclusion').getByTestId('status-configured')).toBeVisible();
  await line(page, 'audio').getByTestId('file-input-audio').setInputFiles(music);
  await expect(line(page, 'audio').getByText(/music\.mp3 · 3 s/)).toBeVisible();

  // View plays the file.
  await line(page, 'introduction').getByRole('button', { name: 'View' }).click();
  const viewer = page.getByRole('dialog', { name: 'Introduction video' }).getByTestId('media-viewer');
  await expect
    .poll(() => viewer.evaluate((v) => (v as unknown as Player).duration || 0), { timeout: 20_000 })
    .toBeGreaterThan(1.5);
  await page.getByRole('button', { name: 'Close' }).click();

  // Download gives the file under its name.
  const download = page.waitForEvent('download');
  await line(page, 'conclusion').getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('outro.mov');

  // Delete asks first; the line is then empty.
  await line(page, 'conclusion').getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: /Delete the file of Conclusion video/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('alert')).toHaveText('The file was deleted.');
  await expect(line(page, 'conclusion').getByTestId('status-empty')).toBeVisible();

  // The group's VIDEO shootings are re-assembled in the background: the detail page then plays the
  // assembled CONCAT_AUDIO (intro + vehicle video, the audio under it) of the configuration as it is
  // now; the earlier versions' (with the outro) may show first and are then replaced.
  const headers = await apiHeaders(page);
  const { version } = (await (
    await page.request.get('/api/groups/grp-other/configurations/videos', { headers })
  ).json()) as { version: number };
  const list = await page.request.get(`/api/shootings?userId=${OTHER_USER_ID}&shootingTypes=VIDEO&limit=12&offset=0`, {
    headers,
  });
  const { items } = (await list.json()) as { items: { shootingId: string; ownerId: string; productId: string }[] };
  type Detail = {
    remarketingShootingStatus: string;
    videos: { type: string; streamer: string; url: string | null }[];
  };
  // The public player shows a shooting still being processed as "being prepared": take one it plays.
  const playable = (d: Detail) => !['UPLOADING', 'AI_PROCESSING'].includes(d.remarketingShootingStatus);
  let target: { ownerId: string; productId: string; shootingId: string } | null = null;
  await expect
    .poll(
      async () => {
        for (const s of items) {
          const d = (await (
            await page.request.get(`/api/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}`, {
              headers,
            })
          ).json()) as Detail;
          const assembled = d.videos.some(
            (v) => v.type === 'CONCAT_AUDIO' && v.url?.includes(`/assembled/v${version}-`),
          );
          if (assembled && playable(d)) target = s;
        }
        return target !== null;
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .toBe(true);
  const s = target!;
  await page.goto(`/owners/${s.ownerId}/products/${s.productId}/shootings/${s.shootingId}/video`);
  const player = page.getByTestId('video-native');
  await expect(player).toHaveAttribute('src', /assembled\/.*concat-audio\.mp4/);
  await expect.poll(() => player.evaluate((v) => (v as unknown as Player).videoWidth), { timeout: 20_000 }).toBe(1280);
  const detailDuration = await player.evaluate((v) => (v as unknown as Player).duration);

  // The public player plays the same video, seeking by range requests.
  const ref = (await (
    await page.request.get(`/api/shootings/${s.shootingId}/marketplaces/FORECOURT?urlshortened=true`, { headers })
  ).json()) as { ref: string };
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  const publicVideo = publicPage.locator('video');
  // The public player says "being prepared" until the shooting's last job is done; the customer comes back.
  await expect(async () => {
    await publicPage.goto(`/public/player/${ref.ref}`);
    await expect(publicVideo).toBeAttached({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await expect
    .poll(() => publicVideo.evaluate((v) => (v as unknown as Player).duration || 0), { timeout: 20_000 })
    .toBeCloseTo(detailDuration, 0);
  const ranged = await publicPage.request.get(`/api/external/legacy/players/${ref.ref}/video`, {
    headers: { range: 'bytes=100-199' },
  });
  expect(ranged.status()).toBe(206);
  expect((await ranged.body()).length).toBe(100);
  await visitor.close();
});
