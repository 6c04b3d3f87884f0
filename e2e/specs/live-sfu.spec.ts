/// <reference lib="dom" />
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiHeaders } from '../support/api';
import { axeViolations } from '../support/axe';
import { CHROMIUM_ARGS } from '../support/env';
import { ffmpegPath } from '../support/ffmpeg';
import { logTails, startSfuServices, type ProgramLog } from '../support/janus';
import { startServerInside } from '../support/live-server';
import { NetNamespace, WEBRTC_CHROMIUM_ARGS } from '../support/netns';
import { expectNoSidewaysScroll, expectReachableByTab, expectWhollyOnScreen, PHONE } from '../support/phone';
import { acceptCookies, DEMO_EMAILS, signIn } from '../support/sign-in';

const PORT = 18081;
const BASE = `http://127.0.0.1:${PORT}`;

// The live rooms through Janus (LIVE_SFU=janus) with coturn, each started by this spec inside a network
// namespace of its own with its own server (support/janus.ts): the same room page as peer-to-peer, another driver.
let ns: NetNamespace;
let browser: Browser;
let dir: string;
const logs: ProgramLog[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!NetNamespace.available())
    throw new Error('The live SFU e2e needs root and iproute2 to make its network namespace');
  ns = new NetNamespace();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-e2e-sfu-'));
  // A voice-like sound as every browser's microphone: Janus's talking events need sound, not the fake
  // device's short beeps, and Chromium's noise suppression removes a steady tone (two tones, wavering, pass).
  const tone = path.join(dir, 'voice.wav');
  execFileSync(ffmpegPath(), [
    ...[
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:sample_rate=48000:duration=6',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=700:sample_rate=48000:duration=6',
    ],
    ...[
      '-filter_complex',
      '[0][1]amix=inputs=2,tremolo=f=3:d=0.9,vibrato=f=5:d=0.5,volume=2',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      tone,
    ],
  ]);
  const sfu = await startSfuServices(ns, dir, logs);
  // Healthy only with Janus answering: 'degraded' would mean the server cannot reach it.
  await startServerInside(ns, logs, { base: BASE, dataDir: path.join(dir, 'data'), seed: true, env: sfu.serverEnv });
  browser = await chromium.launch({
    executablePath: ns.chromiumLauncher(),
    args: [...CHROMIUM_ARGS, ...WEBRTC_CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${tone}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await ns?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) console.log(logTails(logs));
});

/**
 * A context whose pages record their peer connections. `tcpRelay`: as behind a firewall that blocks UDP and
 * lets nothing through but TCP to the TURN server, its connections may use TURN only (`relay`), and only
 * the TURN URLs over TCP of the ICE servers the room token gave. `phone`: a 390 px phone's screen.
 */
async function callContext(tcpRelay = false, phone = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE,
    ...(phone ? PHONE : { viewport: { width: 1280, height: 800 } }),
  });
  await context.addInitScript((relayOnly) => {
    localStorage.setItem('forecourt.language', 'en');
    const Original = window.RTCPeerConnection;
    const pcs: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = pcs;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        const tcpOnly = (config?.iceServers ?? [])
          .map((s) => ({
            ...s,
            urls: ([] as string[]).concat(s.urls).filter((u) => u.startsWith('turn:') && u.endsWith('?transport=tcp')),
          }))
          .filter((s) => s.urls.length > 0);
        super(relayOnly ? { ...config, iceServers: tcpOnly, iceTransportPolicy: 'relay' } : config);
        pcs.push(this);
      }
    } as typeof RTCPeerConnection;
  }, tcpRelay);
  return context;
}

/** A room of the Paris dealer for tomorrow, made through the API as the room list's dialog does: its id and visitor link. */
async function scheduleRoom(dealer: Page, name: string): Promise<{ id_live_video: string; link: string }> {
  return dealer.evaluate(
    async ({ h, name }) => {
      const me = (await (await fetch('/api/users/me', { headers: h })).json()) as { id: string };
      const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
      const res = await fetch('/api/videos/live/rooms', {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify({
          session_name: name,
          user_id: me.id,
          appointment_date: `${tomorrow} 10:00:00`,
          owner_id: 'own-demo-paris',
        }),
      });
      return (await res.json()) as { id_live_video: string; link: string };
    },
    { h: await apiHeaders(dealer), name },
  );
}

/** Remote video streams this page decodes: inbound video with frames, one per subscription. */
const decodingStreams = (page: Page) =>
  page.evaluate(async () => {
    let n = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState !== 'connected') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0) n++;
      });
    }
    return n;
  });

/** Width of the frames received for the main video's track right now (getStats of its subscription). */
const mainFrameWidth = (page: Page) =>
  page.evaluate(async () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="main-video"]');
    const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
    if (!track) return 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      const receiver = pc.getReceivers().find((r) => r.track === track);
      if (!receiver) continue;
      let width = 0;
      (await receiver.getStats()).forEach((s: { type: string; frameWidth?: number }) => {
        if (s.type === 'inbound-rtp') width = s.frameWidth ?? 0;
      });
      return width;
    }
    return 0;
  });

/** Local candidates of the pairs this page's connections use: type (host, srflx, relay), and for a relay how it reaches TURN (`relay/tcp`). */
const localCandidateTypes = (page: Page) =>
  page.evaluate(async () => {
    const types: string[] = [];
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      const byId = new Map<
        string,
        {
          type: string;
          candidateType?: string;
          relayProtocol?: string;
          localCandidateId?: string;
          selectedCandidatePairId?: string;
        }
      >();
      stats.forEach((s: { id: string; type: string }) => byId.set(s.id, s as never));
      for (const s of byId.values()) {
        if (s.type !== 'transport' || !s.selectedCandidatePairId) continue;
        const local = byId.get(byId.get(s.selectedCandidatePairId)?.localCandidateId ?? '');
        if (local?.candidateType)
          types.push(local.relayProtocol ? `${local.candidateType}/${local.relayProtocol}` : local.candidateType);
      }
    }
    return types;
  });

/** Width over height of the main video, rounded: 1.5 for the 600x400 camera, 1.78 for the 16:9 screen. */
const mainShape = (page: Page) =>
  page
    .getByTestId('main-video')
    .evaluate((v: HTMLVideoElement) => (v.videoHeight ? Math.round((v.videoWidth / v.videoHeight) * 100) / 100 : 0));

const mainLabel = (page: Page) => page.getByTestId('main-video').getAttribute('aria-label');

/** Opens the room's link and joins, the microphone muted first when asked. */
async function join(page: Page, link: string, { muted }: { muted: boolean }) {
  await page.goto(new URL(link).pathname + new URL(link).search);
  await acceptCookies(page);
  const joinButton = page.getByRole('button', { name: 'Join the meeting' });
  await expect(joinButton).toBeEnabled({ timeout: 30_000 });
  if (muted) {
    await page.getByRole('button', { name: 'Microphone', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Microphone', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  }
  await joinButton.click();
  await expect(page.getByRole('button', { name: 'Hang up' })).toBeVisible({ timeout: 30_000 });
}

test('three participants through Janus: each receives the other two, a visitor whose firewall lets only TCP out connects through TURN over TCP, the dominant speaker follows the open microphone, the main video gets the high simulcast layer, a screen is a second publication', async () => {
  test.setTimeout(240_000);
  const dealerContext = await callContext();
  const salesContext = await callContext();
  const guestContext = await callContext(true);
  try {
    const dealer = await dealerContext.newPage();
    await signIn(dealer, DEMO_EMAILS.manager);
    // The room, made through the API as the room list's dialog does (its screens are live.spec.ts's).
    const room = await scheduleRoom(dealer, 'Showroom SFU');
    expect(room.link).toContain('/videos/live/rooms/');

    // The dealer speaks; the salesman and the visitor join muted. The visitor's browser may use TURN over TCP only.
    const sales = await salesContext.newPage();
    await signIn(sales, DEMO_EMAILS.sales);
    const guest = await guestContext.newPage();
    await join(dealer, room.link, { muted: false });
    await join(sales, room.link, { muted: true });
    await join(guest, room.link, { muted: true });

    // Everyone receives the other two (one subscription each, decoding), and sees them in the panel.
    for (const page of [dealer, sales, guest]) {
      await expect(page.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(2);
      await expect.poll(() => decodingStreams(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    }
    // The visitor's connections go through the relay only, reached over TCP (TURN_URLS' `?transport=tcp`).
    await expect
      .poll(async () => [...new Set(await localCandidateTypes(guest))], { timeout: 15_000 })
      .toEqual(['relay/tcp']);

    // Dominant speaker: Janus hears the dealer alone.
    await expect.poll(() => mainLabel(guest), { timeout: 20_000 }).toBe('Video of Camille Martin');
    await expect.poll(() => mainLabel(sales), { timeout: 20_000 }).toBe('Video of Camille Martin');
    // The dealer mutes, the salesman speaks: the visitor's main video follows (the dealer joined first, so this is not the default).
    await dealer.getByRole('button', { name: 'Microphone', exact: true }).click();
    await sales.getByRole('button', { name: 'Microphone', exact: true }).click();
    await expect.poll(() => mainLabel(guest), { timeout: 20_000 }).toBe('Video of Lucas Bernard');

    // Simulcast: the salesman's main video (the dealer, pinned) comes in the high layer; pinning the visitor
    // puts the dealer in no tile, and the frames of the dealer's camera drop to a lower layer; pinned again,
    // they come back up. The visitor's own layout changes at the same moment: Janus's keyframe request for
    // the second change, 0.1 s after the first's, got no keyframe, and the switch happens only because the
    // server asks Janus again (it failed 4 runs of 4 without).
    const panel = sales.getByTestId('participants-panel');
    await panel.getByRole('button', { name: 'Pin Camille Martin to the main video' }).click();
    await expect.poll(() => mainLabel(sales)).toBe('Video of Camille Martin');
    await expect.poll(() => mainFrameWidth(sales), { timeout: 30_000 }).toBeGreaterThan(160);
    const dealerTrack = await sales.evaluate(
      () =>
        (
          document.querySelector<HTMLVideoElement>('[data-testid="main-video"]')!.srcObject as MediaStream
        ).getVideoTracks()[0]!.id,
    );
    const high = await mainFrameWidth(sales);
    const dealerWidth = () =>
      sales.evaluate(async (id) => {
        for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
          const receiver = pc.getReceivers().find((r) => r.track?.id === id);
          if (!receiver) continue;
          let width = 0;
          (await receiver.getStats()).forEach((s: { type: string; frameWidth?: number }) => {
            if (s.type === 'inbound-rtp') width = s.frameWidth ?? 0;
          });
          return width;
        }
        return -1;
      }, dealerTrack);
    await panel.getByRole('button', { name: 'Pin Guest to the main video' }).click();
    await expect.poll(() => mainLabel(sales)).toBe('Video of Guest');
    await expect.poll(dealerWidth, { timeout: 30_000 }).toBeLessThan(high);
    await expect.poll(dealerWidth).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Pin Camille Martin to the main video' }).click();
    await expect.poll(() => mainLabel(sales)).toBe('Video of Camille Martin');
    await expect.poll(dealerWidth, { timeout: 30_000 }).toBe(high);

    // The dealer shares the screen: a second publication, which the others receive beside the camera and
    // show in its place; stopped, the camera is back.
    await dealer.getByRole('button', { name: 'Screen share' }).click();
    await expect(sales.getByTestId('participants-panel').getByTestId('sharing-screen')).toBeVisible();
    await expect.poll(() => decodingStreams(sales), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => mainShape(sales), { timeout: 30_000 }).toBe(1.78);
    await dealer.getByRole('button', { name: 'Screen share' }).click();
    await expect.poll(() => decodingStreams(sales), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => mainShape(sales), { timeout: 30_000 }).toBe(1.5);

    // The visitor leaves: the others' panels lose them.
    await guest.getByRole('button', { name: 'Hang up' }).click();
    await expect(dealer.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(1);
  } finally {
    await guestContext.close();
    await salesContext.close();
    await dealerContext.close();
  }
});

/** This page's connections to Janus by role, with the bytes they received and sent (getStats inbound-rtp / outbound-rtp, every kind). */
const sfuTraffic = (page: Page) =>
  page.evaluate(async () => {
    const out = { connected: 0, subscriptions: 0, received: 0, sent: 0 };
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState !== 'connected') continue;
      out.connected++;
      if (!pc.getTransceivers().some((t) => t.direction === 'sendonly')) out.subscriptions++;
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number; bytesSent?: number }) => {
        if (s.type === 'inbound-rtp') out.received += s.bytesReceived ?? 0;
        if (s.type === 'outbound-rtp') out.sent += s.bytesSent ?? 0;
      });
    }
    return out;
  });

test('the lobby: a visitor in the preview has its connections to Janus up but receives no media and is not shown; the click lets the media flow both ways', async () => {
  test.setTimeout(120_000);
  const dealerContext = await callContext();
  const guestContext = await callContext();
  try {
    const dealer = await dealerContext.newPage();
    await signIn(dealer, DEMO_EMAILS.manager);
    const room = await scheduleRoom(dealer, 'Lobby SFU');
    await join(dealer, room.link, { muted: false });

    const guest = await guestContext.newPage();
    await guest.goto(new URL(room.link).pathname + new URL(room.link).search);
    await acceptCookies(guest);
    await expect(guest.getByRole('button', { name: 'Join the meeting' })).toBeEnabled({ timeout: 30_000 });
    // In the preview: its publication and its subscription to the dealer's camera are connected (ICE, DTLS).
    await expect.poll(async () => (await sfuTraffic(guest)).subscriptions, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await sfuTraffic(guest)).connected, { timeout: 30_000 }).toBe(2);
    // While the dealer's camera sends another 60 KB to Janus, not one byte of media reaches the visitor, and
    // the visitor's own publication sends none.
    const sentBefore = (await sfuTraffic(dealer)).sent;
    await expect
      .poll(async () => (await sfuTraffic(dealer)).sent, { timeout: 30_000 })
      .toBeGreaterThan(sentBefore + 60_000);
    expect(await sfuTraffic(guest)).toMatchObject({ received: 0, sent: 0 });
    // The dealer is shown nobody and receives nothing of the visitor.
    await expect(dealer.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(0);
    expect((await sfuTraffic(dealer)).subscriptions).toBe(0);

    // The click: the visitor decodes the dealer's camera, the dealer lists and decodes the visitor.
    await guest.getByRole('button', { name: 'Join the meeting' }).click();
    await expect.poll(() => decodingStreams(guest), { timeout: 30_000 }).toBe(1);
    await expect(dealer.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(1);
    await expect.poll(() => decodingStreams(dealer), { timeout: 30_000 }).toBe(1);
  } finally {
    await guestContext.close();
    await dealerContext.close();
  }
});

/** Frames this page decoded so far, over all its subscriptions: grows while the call's media flow. */
const framesDecoded = (page: Page) =>
  page.evaluate(async () => {
    let n = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') n += s.framesDecoded ?? 0;
      });
    }
    return n;
  });

test('the dealer records a call of two from a phone: both see it is recorded, and the recording becomes one playable MP4 of the recorded time, downloadable from the room page', async () => {
  test.setTimeout(180_000);
  // The dealer walks around the car with a 390 px phone: the call controls and the room page fit it.
  const dealerContext = await callContext(false, true);
  const guestContext = await callContext();
  try {
    const dealer = await dealerContext.newPage();
    await signIn(dealer, DEMO_EMAILS.manager);
    const room = await scheduleRoom(dealer, 'Recorded walkaround');
    const guest = await guestContext.newPage();
    await join(dealer, room.link, { muted: false });
    await join(guest, room.link, { muted: false });
    for (const page of [dealer, guest])
      await expect.poll(() => decodingStreams(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    // Only the dealer has the button; the visitor does not.
    await expect(guest.getByRole('button', { name: 'Record the call' })).toHaveCount(0);

    const record = dealer.getByRole('button', { name: 'Record the call' });
    await expectWhollyOnScreen(record);
    await expectReachableByTab(dealer, record);
    await dealer.keyboard.press('Enter');
    for (const page of [dealer, guest]) await expect(page.getByTestId('recording-indicator')).toHaveText('Recording');
    await expect(record).toHaveAttribute('aria-pressed', 'true');
    await expectWhollyOnScreen(dealer.getByTestId('recording-indicator'));
    await expectWhollyOnScreen(dealer.getByRole('button', { name: 'Hang up' }));
    await expectNoSidewaysScroll(dealer);
    expect([
      ...(await axeViolations(dealer, 'call recorded, dealer')),
      ...(await axeViolations(guest, 'call recorded, visitor')),
    ]).toEqual([]);
    // About five seconds of call: the visitor decodes 100 more frames of the dealer's 24 fps camera.
    const frames = await framesDecoded(guest);
    await expect.poll(() => framesDecoded(guest), { timeout: 30_000 }).toBeGreaterThan(frames + 100);
    await record.click();
    for (const page of [dealer, guest]) await expect(page.getByTestId('recording-indicator')).toHaveCount(0);

    // After the call, the room page lists the recording; the worker's job makes it ready.
    await dealer.getByRole('button', { name: 'Hang up' }).click();
    const row = dealer.getByTestId('recording');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('recording-status')).toHaveText('Ready', { timeout: 90_000 });
    await expectNoSidewaysScroll(dealer);
    for (const name of ['Download', 'Share by link']) await expectWhollyOnScreen(row.getByRole('button', { name }));
    const recorded = await dealer.evaluate(
      async ({ h, id }) =>
        (
          (await (await fetch(`/api/videos/live/rooms/${id}/recordings`, { headers: h })).json()) as {
            items: { durationMs: number }[];
          }
        ).items[0]!.durationMs,
      { h: await apiHeaders(dealer), id: room.id_live_video },
    );
    expect(recorded).toBeGreaterThan(3000);
    const [download] = await Promise.all([
      dealer.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    const file = path.join(dir, 'recording.mp4');
    await download.saveAs(file);
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,codec_name:format=duration',
        '-of',
        'json',
        file,
      ]).toString(),
    ) as {
      streams: { codec_type: string; codec_name: string }[];
      format: { duration: string };
    };
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(Math.abs(Number(probe.format.duration) * 1000 - recorded)).toBeLessThan(1000);
    // The cameras are in the picture: a frame from the middle of the call is not only the black canvas (luma
    // 16 everywhere); the fake cameras draw white shapes.
    const { stderr } = spawnSync(
      ffmpegPath(),
      [
        '-v',
        'info',
        '-ss',
        String(recorded / 2000),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        'signalstats,metadata=print:key=lavfi.signalstats.YMAX',
        '-f',
        'null',
        '-',
      ],
      { encoding: 'utf8' },
    );
    expect(Number(/YMAX=([\d.]+)/.exec(stderr)?.[1])).toBeGreaterThan(100);

    // The public link: made once, it plays without a session.
    await row.getByRole('button', { name: 'Share by link' }).click();
    const linkField = row.getByLabel('Public link of the recording');
    const link = await linkField.inputValue();
    await expectWhollyOnScreen(linkField);
    await expectNoSidewaysScroll(dealer);
    expect(await axeViolations(dealer, 'room recordings')).toEqual([]);
    // Opened by the visitor's browser, which has no session: the MP4 itself.
    const opened = await guest.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
    }, new URL(link).pathname);
    expect(opened).toMatchObject({ status: 200, type: 'video/mp4' });
    expect(opened.bytes).toBe(fs.statSync(file).size);
  } finally {
    await guestContext.close();
    await dealerContext.close();
  }
});
