/// <reference lib="dom" />
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/env';
import { describeOnEachDriver, startSfuServices, type ProgramLog } from '../support/janus';
import { NetNamespace, WEBRTC_CHROMIUM_ARGS } from '../support/netns';
import { acceptCookies, DEMO_EMAILS, signIn } from '../support/sign-in';
import { axeViolations } from '../support/axe';
import { startServerInside } from '../support/live-server';
import { seedE2e } from '../support/seed';

// The call runs between two browser contexts of one Chromium, both inside a network namespace of this
// test's own with its own server (see support/netns.ts): WebRTC never uses loopback, and must never use
// the machine's own network. The same checks run on both media drivers: peer-to-peer (the embedded
// default), then Janus (LIVE_SFU=janus) with coturn's TURN credentials in the room token
// (support/janus.ts); the room page does not change between the two.
const DRIVERS = [
  { name: 'peer-to-peer', port: 18080, sfu: false },
  { name: 'Janus SFU and TURN', port: 18083, sfu: true },
] as const;

let ns: NetNamespace;
let browser: Browser;
let dataDir: string;
let server: ChildProcess;
let BASE: string;
let driverEnv: Record<string, string> = {};
// One array for the whole file: describeOnEachDriver prints the tails of this very array when a test fails.
const logs: ProgramLog[] = [];

/** Starts the server inside the namespace and waits for it there (this process cannot reach it). */
async function startServer({ seed }: { seed: boolean }): Promise<void> {
  server = await startServerInside(ns, logs, { base: BASE, dataDir, seed, env: driverEnv });
}

async function setUp(driver: (typeof DRIVERS)[number]): Promise<void> {
  if (!NetNamespace.available()) throw new Error('The live e2e needs root and iproute2 to make its network namespace');
  BASE = `http://127.0.0.1:${driver.port}`;
  logs.length = 0;
  ns = new NetNamespace();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-e2e-live-'));
  driverEnv = driver.sfu ? (await startSfuServices(ns, dataDir, logs)).serverEnv : {};
  await startServer({ seed: true });
  browser = await chromium.launch({
    executablePath: ns.chromiumLauncher(),
    args: [...CHROMIUM_ARGS, ...WEBRTC_CHROMIUM_ARGS],
  });
}

async function tearDown(): Promise<void> {
  await browser?.close();
  await ns?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A context whose pages record their peer connections, so the test can read getStats like a call tool would. */
async function callContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    localStorage.setItem('forecourt.language', 'en');
    const Original = window.RTCPeerConnection;
    const pcs: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = pcs;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        pcs.push(this);
      }
    } as typeof RTCPeerConnection;
    // The signalling sockets too, so the test can cut one as a proxy or a sleeping laptop would.
    const OriginalSocket = window.WebSocket;
    const sockets: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
    window.WebSocket = class extends OriginalSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    } as typeof WebSocket;
  });
  return context;
}

/** Video frames this page decoded so far, over all its connections (getStats inbound-rtp). */
const framesDecoded = (page: Page) =>
  page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.framesDecoded ?? 0;
      });
    }
    return total;
  });

const mainVideoWidth = (page: Page) => page.getByTestId('main-video').evaluate((v: HTMLVideoElement) => v.videoWidth);
/** Width over height of the main video, rounded: 1.5 for the 600x400 camera, 1.78 for the 16:9 screen. */
const mainVideoShape = (page: Page) =>
  page
    .getByTestId('main-video')
    .evaluate((v: HTMLVideoElement) => (v.videoHeight ? Math.round((v.videoWidth / v.videoHeight) * 100) / 100 : 0));

/** The other side's video plays: it has a size, and decoded frames keep increasing. */
async function expectRemoteVideoPlaying(page: Page) {
  await expect.poll(() => mainVideoWidth(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { timeout: 15_000 }).toBeGreaterThan(before + 10);
}

type Recorded = { __sockets: WebSocket[]; __pcs: RTCPeerConnection[]; __notices: string[] };

/** Signalling sockets this page opened, and how many of them are open now. */
const sockets = (page: Page) =>
  page.evaluate(() => {
    const all = (window as unknown as Recorded).__sockets;
    return { opened: all.length, open: all.filter((s) => s.readyState === WebSocket.OPEN).length };
  });

/** The page has a signalling socket open again, newer than those it had `before`. */
const reconnected = async (page: Page, before: { opened: number }) => {
  const now = await sockets(page);
  return now.open === 1 && now.opened > before.opened;
};

/** Cuts this page's signalling socket without a closing code (as a network cut does), and its peer connections too when asked. */
async function dropSignalling(page: Page, { media }: { media: boolean }) {
  const before = await sockets(page);
  await page.evaluate((closeMedia) => {
    const w = window as unknown as Recorded;
    if (closeMedia) for (const pc of w.__pcs) pc.close();
    w.__sockets.at(-1)!.close();
  }, media);
  // It comes back by itself: a new socket, open.
  await expect.poll(() => reconnected(page, before), { timeout: 30_000 }).toBe(true);
}

/** What this page received of media so far, over all its connections (getStats inbound-rtp, audio and video). */
const mediaReceived = (page: Page) =>
  page.evaluate(async () => {
    const got = { bytes: 0, frames: 0 };
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number; framesDecoded?: number }) => {
        if (s.type !== 'inbound-rtp') return;
        got.bytes += s.bytesReceived ?? 0;
        got.frames += s.framesDecoded ?? 0;
      });
    }
    return got;
  });

/** A connection of this page is up (ICE and DTLS): with the lobby, before its click on join. */
const anyConnected = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.some((pc) => pc.connectionState === 'connected'),
  );

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page, page.url())).toEqual([]);
}

async function scheduledCall(sfu: boolean): Promise<void> {
  const dealerContext = await callContext();
  const dealer = await dealerContext.newPage();
  await signIn(dealer, DEMO_EMAILS.manager);

  // The list and its create dialog.
  await dealer.goto('/videos/live/rooms');
  await expect(dealer.getByRole('heading', { name: 'Live meetings' })).toBeVisible();
  await expect(dealer.getByText('No meeting scheduled yet.')).toBeVisible();
  await expectAxeClean(dealer);
  await dealer.getByRole('button', { name: 'New meeting' }).click();
  const dialog = dealer.getByRole('dialog', { name: 'New meeting' });
  await dialog.getByRole('combobox', { name: 'Stock' }).click();
  await dealer.getByRole('option', { name: 'Paris' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Test drive');
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  await dialog.getByRole('group', { name: 'Date' }).click();
  await dealer.keyboard.type(
    `${String(tomorrow.getDate()).padStart(2, '0')}${String(tomorrow.getMonth() + 1).padStart(2, '0')}${tomorrow.getFullYear()}`,
  );
  await dialog.getByRole('group', { name: 'Time' }).click();
  await dealer.keyboard.type('1130A');
  await expectAxeClean(dealer);
  const created = dealer.waitForResponse(
    (r) => r.url().endsWith('/api/videos/live/rooms') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  const room = (await (await created).json()) as { id_live_video: string; link: string; appointment_date: string };
  // Stored in UTC: 11:30 local time tomorrow.
  const local = new Date(tomorrow.getFullYear(), tomorrow.getMonth(), tomorrow.getDate(), 11, 30);
  expect(room.appointment_date).toBe(local.toISOString().slice(0, 19).replace('T', ' '));
  const item = dealer.getByRole('button', { name: /Test drive/ });
  await expect(item).toContainText('11:30 AM');

  // The dealer opens it and joins from the preview.
  await item.click();
  await expect(dealer.getByRole('heading', { name: 'Test drive' })).toBeVisible();
  const dealerJoin = dealer.getByRole('button', { name: 'Join the meeting' });
  await expect(dealerJoin).toBeEnabled({ timeout: 30_000 });
  await expectAxeClean(dealer);
  await dealerJoin.click();
  await expect(dealer.getByText('Waiting for the other participants…')).toBeVisible();

  // The visitor opens the link with no session and joins.
  const guestContext = await callContext();
  const guest = await guestContext.newPage();
  await guest.goto(new URL(room.link).pathname + new URL(room.link).search);
  await acceptCookies(guest);
  // In the preview the visitor's page waits in the lobby: peer to peer, its connection with the dealer
  // comes up ahead, yet no media flows either way and the dealer is shown nothing of it before the click.
  const guestJoin = guest.getByRole('button', { name: 'Join the meeting' });
  await expect(guestJoin).toBeEnabled({ timeout: 30_000 });
  if (!sfu) {
    await expect.poll(() => anyConnected(guest), { timeout: 30_000 }).toBe(true);
    // The preview says who is in the call already (the dealer), as the lobby learnt it.
    await expect(guest.getByTestId('lobby-presence')).toHaveText(/^In this meeting: \S/);
  }
  // The preview's accessibility check is also the time any media would take to show up.
  await expectAxeClean(guest);
  expect(await mediaReceived(guest)).toEqual({ bytes: 0, frames: 0 });
  expect(await mediaReceived(dealer)).toEqual({ bytes: 0, frames: 0 });
  await expect(dealer.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(0);
  expect((await dealer.getByTestId('room-notice').allTextContents()).join(' ')).not.toContain('Guest');
  await guestJoin.click();
  await expect(dealer.getByTestId('room-notice')).toContainText('Guest joined the meeting');
  // The first remote frames arrive after the click, on the connection made in the lobby.
  await expect.poll(async () => (await mediaReceived(guest)).frames, { timeout: 30_000 }).toBeGreaterThan(0);

  await expectRemoteVideoPlaying(dealer);
  await expectRemoteVideoPlaying(guest);
  const panel = dealer.getByTestId('participants-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('participant')).toContainText('Guest');

  // Mute and camera off show on the other side.
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Microphone muted' })).toBeVisible();
  await guest.getByRole('button', { name: 'Camera', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Camera is off' })).toBeVisible();
  await guest.getByRole('button', { name: 'Camera', exact: true }).click();
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Microphone muted' })).toHaveCount(0);

  // Screen share replaces the camera's track for the dealer, and stopping it gives the camera back.
  // (The sender may scale the picture down on a busy machine, so the shape tells camera from screen.)
  expect(await mainVideoShape(dealer)).toBe(1.5);
  await guest.getByRole('button', { name: 'Screen share' }).click();
  await expect(panel.getByTestId('sharing-screen')).toBeVisible();
  await expect.poll(() => mainVideoShape(dealer), { timeout: 30_000 }).toBe(1.78);
  await guest.getByRole('button', { name: 'Screen share' }).click();
  await expect(panel.getByTestId('sharing-screen')).toHaveCount(0);
  await expect.poll(() => mainVideoShape(dealer), { timeout: 30_000 }).toBe(1.5);
  await expectRemoteVideoPlaying(dealer);
  await expectAxeClean(guest);

  // The visitor's signalling socket drops (a proxy cut, a laptop asleep): it comes back by itself as the
  // same participant, so the dealer sees no leave and no join, and messages flow again.
  await dealer.evaluate(() => {
    const seen: string[] = ((window as unknown as Recorded).__notices = []);
    const box = document.querySelector('[data-testid="room-notice"]')!;
    new MutationObserver(() => {
      if (box.textContent) seen.push(box.textContent);
    }).observe(box, { childList: true, subtree: true, characterData: true });
  });
  await dropSignalling(guest, { media: false });
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Microphone muted' })).toBeVisible();
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Microphone muted' })).toHaveCount(0);
  // Then with its peer connection gone too: the rejoin makes the connection afresh, and both see video again
  // (through Janus: the server kept its connections, the browser lost them, both start afresh).
  await dropSignalling(guest, { media: true });
  await expectRemoteVideoPlaying(dealer);
  await expectRemoteVideoPlaying(guest);
  await expect(panel.getByTestId('participant')).toHaveCount(1);
  await expect(guest.getByTestId('reconnecting')).toHaveCount(0);
  expect(await dealer.evaluate(() => (window as unknown as Recorded).__notices)).toEqual([]);

  // The server restarts (a deploy): both sockets drop and the room it kept in memory is gone. Both come
  // back by themselves, each says so meanwhile, the call is made afresh, and nobody is shown leaving.
  const [dealerSockets, guestSockets] = [await sockets(dealer), await sockets(guest)];
  await ns.stop(server);
  await expect(guest.getByTestId('reconnecting')).toBeVisible();
  await expect(dealer.getByTestId('reconnecting')).toBeVisible();
  await startServer({ seed: false });
  await expect.poll(() => reconnected(dealer, dealerSockets), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => reconnected(guest, guestSockets), { timeout: 60_000 }).toBe(true);
  await expect(guest.getByTestId('reconnecting')).toHaveCount(0);
  await expect(dealer.getByTestId('reconnecting')).toHaveCount(0);
  await expectRemoteVideoPlaying(dealer);
  await expectRemoteVideoPlaying(guest);
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(panel.getByRole('img', { name: 'Microphone muted' })).toBeVisible();
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(panel.getByTestId('participant')).toHaveCount(1);
  expect(await dealer.evaluate(() => (window as unknown as Recorded).__notices)).toEqual([]);

  // The visitor hangs up and rates; the dealer sees them leave.
  await guest.getByRole('button', { name: 'Hang up' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you for attending!' })).toBeVisible();
  await expect(dealer.getByTestId('room-notice')).toContainText('Guest left the meeting');
  await expect(panel.getByTestId('participant')).toHaveCount(0);
  // The star's label is what a visitor clicks; the radio under it is visually hidden.
  await guest.locator('label', { hasText: '4 stars' }).click();
  await expect(guest.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await guest.getByRole('textbox', { name: 'Comment (optional)' }).fill('Very clear, thank you');
  const rated = guest.waitForResponse((r) => r.url().endsWith('/API/V1/videos/live/scorings'));
  await guest.getByRole('button', { name: 'Send' }).click();
  expect((await rated).status()).toBe(201);
  await expect(guest.getByRole('status').filter({ hasText: 'Thank you for your rating!' })).toBeVisible();

  await dealer.getByRole('button', { name: 'Hang up' }).click();
  await expect(dealer.getByRole('button', { name: 'Back to the list' })).toBeVisible();
  await dealerContext.close();
  await guestContext.close();
}

/**
 * Indexes of this page's connections whose video is being decoded now: framesDecoded read twice, a second
 * apart (a rate needs a window). A paused sender's connection decodes nothing.
 */
const decodingFrom = (page: Page) =>
  page.evaluate(async () => {
    const read = () =>
      Promise.all(
        (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.map(async (pc) => {
          let frames = 0;
          if (pc.connectionState !== 'closed')
            (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
              if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
            });
          return frames;
        }),
      );
    const before = await read();
    await new Promise((r) => setTimeout(r, 1000));
    const after = await read();
    return after.flatMap((n, i) => (n > (before[i] ?? 0) ? [i] : []));
  });

/** Peer to peer, in a call of three: a page gets video only from the participant in its main video, and pinning another brings theirs. */
async function meshOfThree(): Promise<void> {
  test.setTimeout(180_000);
  const { link } = seedE2e<{ link: string }>('live', { DATA_DIR: dataDir, PUBLIC_URL: BASE, LOG_LEVEL: 'silent' });
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await callContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(link);
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Join the meeting' }).click();
    pages.push(page);
  }
  for (const page of pages)
    await expect(page.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(2, { timeout: 60_000 });
  const [first] = pages as [Page, Page, Page];
  await expectRemoteVideoPlaying(first);
  // Of its two connections, one brings video: the other sender paused its own to this page.
  const panel = first.getByTestId('participants-panel');
  await panel.getByRole('button', { name: 'Pin Guest' }).first().click();
  await expect.poll(() => decodingFrom(first), { timeout: 30_000 }).toHaveLength(1);
  const [pinned] = await decodingFrom(first);
  // Pinning the other: its video starts (a keyframe at once), the first one's stops.
  await panel.getByRole('button', { name: 'Pin Guest' }).last().click();
  await expect
    .poll(
      async () => {
        const now = await decodingFrom(first);
        return now.length === 1 && now[0] !== pinned;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expectRemoteVideoPlaying(first);
  for (const context of contexts) await context.close();
}

async function wrongCode(): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
  await page.goto('/videos/live/rooms/00000000-0000-0000-0000-000000000000?code=AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Meeting unavailable' })).toBeVisible();
  await expect(page.getByText('The meeting code is wrong. Check the link you received.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to the list' })).toHaveCount(0);
  await context.close();
}

describeOnEachDriver(DRIVERS, { setUp, tearDown, logs }, (driver) => {
  test('a dealer schedules a room, a visitor joins by its link, they see and hear each other, share a screen, and the visitor rates the call', async () => {
    test.setTimeout(480_000);
    await scheduledCall(driver.sfu);
  });

  // Pausing unshown video is the mesh's own (Janus's subscribers pick their layers); the information
  // error involves no call: once is enough.
  if (!driver.sfu)
    test(
      'in a call of three, a page gets video only from the participant in its main video, and pinning another brings theirs',
      meshOfThree,
    );
  if (!driver.sfu) test('a wrong meeting code shows the information error, without the room', wrongCode);
});
