/// <reference lib="dom" />
// What `bench/live.ts` measures in a call, the same for both drivers (peer-to-peer and Janus): participants
// as browser contexts with their peer connections recorded, the join timed from the click to the first
// remote frame decoded, the processes' CPU from /proc, and what a page sends and receives (getStats).
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumCpuOver, type ChromiumCpu } from './live-chromium-cpu';
import { profiling, startProfile } from './live-profile';
import { cpuSecondsOf } from './proc-tree';

const JOIN_TIMEOUT_MS = 30_000;

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** CPU seconds the process has used so far; a process that ended is an error of the run. */
function cpuSeconds(pid: number): number {
  const seconds = cpuSecondsOf(pid);
  if (seconds === null) throw new Error(`pid ${pid} has ended`);
  return seconds;
}

/** Percent of one core each process used over `seconds` from now (user + system, /proc/PID/stat). */
export async function cpuPercentOver(
  pids: number[],
  seconds: number,
): Promise<{ percents: number[]; seconds: number }> {
  const before = pids.map(cpuSeconds);
  const started = process.hrtime.bigint();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { percents: pids.map((pid, i) => ((cpuSeconds(pid) - before[i]!) / elapsed) * 100), seconds: elapsed };
}

/** Checks that `pid` runs `comm` (/proc/PID/comm), so the CPU read is the program's own, not a launcher's. */
export function assertProgram(pid: number, comm: string): void {
  if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) throw new Error(`pid ${pid} is not ${comm}`);
}

/**
 * A participant's context: English, cookies chosen, its peer connections recorded for getStats, and the
 * moment of each step of a join (performance.now()) in `__marks`, for the breakdown. Marks of both drivers
 * are taken; each driver's rows read those that apply to it.
 */
export async function participantContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((trace: boolean) => {
    // tsx keeps functions' names with a helper the page lacks: a stand-in for the named functions below.
    (window as unknown as { __name: (f: unknown) => unknown }).__name = (f: unknown) => f;
    localStorage.setItem('forecourt.language', 'en');
    localStorage.setItem(
      'forecourt.cookieConsent',
      JSON.stringify({ choice: 'accepted', at: new Date().toISOString() }),
    );
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    const pcs: RTCPeerConnection[] = [];
    // LIVE_TRACE=1: a timeline (Date.now(), comparable across pages) of what a join does on each side.
    const events: [number, string][] = [];
    (window as unknown as { __trace: [number, string][] }).__trace = events;
    const note = (what: string) => {
      if (trace) events.push([Date.now(), what]);
    };
    let polling = false;
    const poll = () => {
      if (!trace || polling) return;
      polling = true;
      const until = Date.now() + 8000;
      const seen = new Set<string>();
      const tick = () => {
        void Promise.all(
          pcs.map(async (pc, i) => {
            if (pc.connectionState === 'closed') return;
            (await pc.getStats()).forEach(
              (s: {
                type: string;
                kind?: string;
                bytesSent?: number;
                framesEncoded?: number;
                keyFramesEncoded?: number;
                bytesReceived?: number;
                framesDecoded?: number;
              }) => {
                const first = (key: string, yes: boolean) => {
                  if (yes && !seen.has(`${i}${key}`)) {
                    seen.add(`${i}${key}`);
                    note(`pc${i} ${key}`);
                  }
                };
                if (s.type === 'outbound-rtp' && s.kind === 'video') {
                  first('out.bytesSent', (s.bytesSent ?? 0) > 0);
                  first('out.framesEncoded', (s.framesEncoded ?? 0) > 0);
                  first('out.keyFrame', (s.keyFramesEncoded ?? 0) > 0);
                }
                if (s.type === 'inbound-rtp' && s.kind === 'video') {
                  first('in.bytes', (s.bytesReceived ?? 0) > 0);
                  first('in.framesDecoded', (s.framesDecoded ?? 0) > 0);
                }
              },
            );
          }),
        ).finally(() => {
          if (Date.now() < until) setTimeout(tick, 25);
          else polling = false;
        });
      };
      tick();
    };
    if (trace) {
      const replaceTrack = RTCRtpSender.prototype.replaceTrack;
      RTCRtpSender.prototype.replaceTrack = function (this: RTCRtpSender, track: MediaStreamTrack | null) {
        const what = `replaceTrack ${track?.kind ?? 'null'}`;
        note(`${what} called`);
        return replaceTrack.call(this, track).then(() => note(`${what} resolved`));
      };
      const setParameters = RTCRtpSender.prototype.setParameters;
      RTCRtpSender.prototype.setParameters = function (this: RTCRtpSender, params: RTCRtpSendParameters) {
        const what = `setParameters ${this.track?.kind ?? 'null'} active=${params.encodings?.map((e) => e.active).join(',')}`;
        return setParameters.call(this, params).then(() => note(`${what} resolved`));
      } as typeof setParameters;
    }
    const directions = (sdp: string | undefined) =>
      (sdp ?? '')
        .split('\n')
        .filter((l) => /^a=(sendrecv|sendonly|recvonly|inactive)/.test(l))
        .map((l) => l.trim().slice(2))
        .join('/');
    const Original = window.RTCPeerConnection;
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = pcs;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        pcs.push(this);
        marks.peerCreated ??= performance.now();
        note(`pc${pcs.length - 1} created`);
        this.addEventListener('negotiationneeded', () => note(`pc${pcs.indexOf(this)} negotiationneeded`));
        this.addEventListener('connectionstatechange', () => note(`pc${pcs.indexOf(this)} ${this.connectionState}`));
        this.addEventListener('iceconnectionstatechange', () => {
          if (this.iceConnectionState === 'connected') marks.iceConnected ??= performance.now();
        });
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState !== 'connected') return;
          marks.connected ??= performance.now();
          // The SFU driver's connections: its publication sends only, each subscription receives only.
          marks[
            this.getTransceivers().some((t) => t.direction === 'sendonly')
              ? 'publicationConnected'
              : 'subscriptionConnected'
          ] ??= performance.now();
        });
      }

      override setLocalDescription(description?: RTCLocalSessionDescriptionInit): Promise<void> {
        marks.offerMade ??= performance.now();
        note(`pc${pcs.indexOf(this)} setLocal ${description?.type} ${directions(description?.sdp)}`);
        return super.setLocalDescription(description);
      }

      override setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
        marks.answerReceived ??= performance.now();
        marks[description.type === 'answer' ? 'publicationAnswered' : 'subscriptionOffered'] ??= performance.now();
        note(`pc${pcs.indexOf(this)} setRemote ${description.type} ${directions(description.sdp)}`);
        return super.setRemoteDescription(description);
      }
    } as typeof RTCPeerConnection;
    const OriginalSocket = window.WebSocket;
    window.WebSocket = class extends OriginalSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => (marks.socketOpen ??= performance.now()));
        this.addEventListener('message', (e: MessageEvent) => {
          marks.welcome ??= performance.now();
          // Let in from the lobby (the click's answer).
          if (String(e.data).includes('"type":"entered"')) marks.entered ??= performance.now();
          if (trace) {
            const m = JSON.parse(String(e.data)) as {
              type: string;
              data?: { shown?: boolean };
              participant?: { identity?: string };
            };
            if (m.type === 'signal' && m.data && 'shown' in m.data) note(`ws< shown=${m.data.shown}`);
            else if (m.type !== 'signal') note(`ws< ${m.type} ${m.participant?.identity ?? ''}`);
            if (m.type === 'joined' || m.type === 'entered') poll();
          }
        });
      }

      override send(data: Parameters<WebSocket['send']>[0]): void {
        if (trace && typeof data === 'string') {
          const m = JSON.parse(data) as { type: string; data?: { shown?: boolean } };
          if (m.type === 'signal' && m.data && 'shown' in m.data) note(`ws> shown=${m.data.shown}`);
          else if (m.type !== 'signal') note(`ws> ${m.type}`);
        }
        super.send(data);
      }
    } as typeof WebSocket;
    // The first remote video frame decoded after the click, looked for from the click on, in the page itself:
    // every connection's stats asked at once every 5 ms, the frame's moment the timestamp of the first report
    // that counts a decoded frame (when WebRTC gathered it: the frame was decoded already; the promise
    // resolves on the page's main thread, which the join keeps busy, so the moment it resolved would count
    // that wait too), bounded by the poll's own start and end. Started by the bench's evaluate after the
    // click instead, the poll began only once the busy page ran that script (up to seconds late, and the
    // figure with it), and asking the connections one after the other made each wait for the others' answers.
    const watchFirstFrame = (joinAt: number) => {
      const at = (stamp: number | undefined, asked: number) =>
        Math.min(performance.now(), Math.max(asked, (stamp ?? Infinity) - performance.timeOrigin));
      const tick = () => {
        const asked = performance.now();
        void Promise.all(
          pcs.filter((pc) => pc.connectionState !== 'closed').map((pc) => pc.getStats().catch(() => null)),
        ).then((reports) => {
          let found = Infinity;
          for (const report of reports) {
            report?.forEach(
              (s: {
                type: string;
                kind?: string;
                framesDecoded?: number;
                bytesReceived?: number;
                timestamp?: number;
              }) => {
                if (s.type !== 'inbound-rtp' || s.kind !== 'video') return;
                if ((s.framesDecoded ?? 0) > 0) found = Math.min(found, at(s.timestamp, asked));
                // The first remote video bytes (before they make a frame), for the breakdown.
                if ((s.bytesReceived ?? 0) > 0)
                  marks.firstVideoBytes = Math.min(marks.firstVideoBytes ?? Infinity, at(s.timestamp, asked));
              },
            );
          }
          if (found < Infinity) marks.firstFrame = found;
          else if (performance.now() - joinAt < 60_000) setTimeout(tick, 5);
        });
      };
      tick();
    };
    // The moment of the click on "Join the meeting", taken in the page, before any of its work.
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element | null)?.closest('button')?.textContent?.includes('Join the meeting')) {
          const joinAt = performance.now();
          (window as unknown as { __joinAt: number }).__joinAt = joinAt;
          note('click');
          // Only a join the bench times (joinAndTime): the residents' pages poll nothing.
          if ((window as unknown as { __timeJoin?: boolean }).__timeJoin) watchFirstFrame(joinAt);
        }
      },
      { capture: true },
    );
  }, process.env.LIVE_TRACE === '1');
  return context;
}

/** Opens the room's link and waits for the preview to have camera and microphone (join enabled). */
export async function openPreview(context: BrowserContext, link: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await page
    .getByRole('button', { name: 'Join the meeting' })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 60_000 });
  return page;
}

/**
 * Waits, at most `maxMs`, until the page's lobby is up: `others` of its connections connected (ICE and DTLS)
 * while it shows the preview (peer to peer: the connections made ahead, with no media). Answers the
 * milliseconds it took from the join button's enabling, as a user would spend them looking at the preview.
 */
export async function lobbyReady(page: Page, others: number, maxMs: number): Promise<number> {
  const started = Date.now();
  await page
    .waitForFunction(
      (n) =>
        (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((pc) => pc.connectionState === 'connected')
          .length >= n,
      others,
      { timeout: maxMs, polling: 20 },
    )
    .catch(() => undefined);
  return Date.now() - started;
}

/** Milliseconds from the click on join to the first remote video frame decoded (`total`), and to each step asked for. */
export type JoinTimes<S extends string> = Record<'total' | S, number>;

/** Clicks join; answers the milliseconds from the click to the first remote video frame decoded, and to each of `steps` (marks; `token` is the token's fetch). */
export async function joinAndTime<S extends string>(page: Page, steps: readonly S[]): Promise<JoinTimes<S>> {
  await page.evaluate(() => ((window as unknown as { __timeJoin: boolean }).__timeJoin = true));
  await page.getByRole('button', { name: 'Join the meeting' }).click();
  // The page's own poll, started by the click (participantContext), marks the first frame.
  await page
    .waitForFunction(
      () => (window as unknown as { __marks: Record<string, number> }).__marks.firstFrame !== undefined,
      null,
      { timeout: JOIN_TIMEOUT_MS, polling: 100 },
    )
    .catch(() => {
      throw new Error('no remote video frame');
    });
  return page.evaluate((names) => {
    const w = window as unknown as { __joinAt: number; __marks: Record<string, number> };
    const times: Record<string, number> = { total: w.__marks.firstFrame! - w.__joinAt };
    const token = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/videos/live/token')) as
      PerformanceResourceTiming | undefined;
    for (const step of names)
      times[step] = step === 'token' ? (token?.responseEnd ?? NaN) - w.__joinAt : (w.__marks[step] ?? NaN) - w.__joinAt;
    return times;
  }, steps) as Promise<JoinTimes<S>>;
}

/** Remote participants this page's panel lists. */
export const listed = (page: Page) => page.getByTestId('participants-panel').getByTestId('participant').count();

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Resident {
  context: BrowserContext;
  page: Page;
}

/** Waits until each resident's panel lists `others` remote participants. */
export const settled = (residents: Resident[], others: number, what: string) =>
  waitFor(async () => (await Promise.all(residents.map((r) => listed(r.page)))).every((n) => n === others), what);

/**
 * A room of `size`: `size - 1` residents in the call, then one more joins `joins` times (a fresh page each
 * time, hanging up after, the next join in a settled room), then the last one joins for good. Answers the
 * joins' times and the residents (all `size` of them in the call), which the caller closes.
 */
export async function timeJoins<S extends string>(
  browser: Browser,
  baseURL: string,
  link: string,
  size: number,
  joins: number,
  steps: readonly S[],
  /** The longest a joiner looks at its preview for its lobby to come up (lobbyReady); 0: it clicks at once. */
  previewMaxMs = 0,
  /** The connections the lobby has once up (peer to peer: one a participant; SFU: the publication and one subscription a participant). */
  lobbyConnections = size - 1,
  /** Seconds the residents' Chromium processes are measured in the call before the joins, nobody joining (0: not). */
  steadySeconds = 0,
): Promise<{ times: JoinTimes<S>[]; previews: number[]; residents: Resident[]; steady: ChromiumCpu | null }> {
  const residents: Resident[] = [];
  try {
    for (let i = 0; i < size - 1; i++) {
      const context = await participantContext(browser, baseURL);
      residents.push({ context, page: await openPreview(context, link) });
      await residents.at(-1)!.page.getByRole('button', { name: 'Join the meeting' }).click();
    }
    await settled(residents, size - 2, `${size - 1} participants in the call`);
    // What the residents' call costs the browser before anyone joins (the joiner gets what is left).
    const steady = steadySeconds > 0 ? await chromiumCpuOver(steadySeconds) : null;
    const times: JoinTimes<S>[] = [];
    const previews: number[] = [];
    for (let j = 0; j < joins; j++) {
      const context = await participantContext(browser, baseURL);
      const page = await openPreview(context, link);
      if (previewMaxMs > 0) previews.push(await lobbyReady(page, lobbyConnections, previewMaxMs));
      const stopProfile = profiling ? await startProfile(page) : null;
      times.push(await joinAndTime(page, steps));
      await stopProfile?.();
      if (process.env.LIVE_TRACE === '1') await printTrace(page, residents);
      await page.getByRole('button', { name: 'Hang up' }).click();
      await context.close();
      // The next join starts in a settled room: everyone saw this one leave.
      await settled(residents, size - 2, 'the leave');
    }
    // The whole room in the call.
    const context = await participantContext(browser, baseURL);
    const page = await openPreview(context, link);
    residents.push({ context, page });
    await joinAndTime(page, steps);
    await settled(residents, size - 1, `${size} participants in the call`);
    return { times, previews, residents, steady };
  } catch (err) {
    await closeAll(residents);
    throw err;
  }
}

/** LIVE_TRACE=1: the joiner's and the residents' timelines of a join, in ms from the joiner's click. */
async function printTrace(joiner: Page, residents: Resident[]): Promise<void> {
  // The residents' stats polls run on for a few seconds after the join: the trace waits for them.
  await new Promise((r) => setTimeout(r, 3000));
  const read = (page: Page) =>
    page.evaluate(() => (window as unknown as { __trace: [number, string][] }).__trace.splice(0));
  const mine = await read(joiner);
  const click = mine.find(([, what]) => what === 'click')?.[0] ?? 0;
  const lines: [number, string][] = mine.map(([at, what]) => [at, `joiner    ${what}`]);
  for (const [i, r] of residents.entries())
    for (const [at, what] of await read(r.page)) if (at >= click - 15_000) lines.push([at, `resident${i} ${what}`]);
  lines.sort((a, b) => a[0] - b[0]);
  console.error(lines.map(([at, what]) => `${String(at - click).padStart(7)} ${what}`).join('\n'));
}

export async function closeAll(residents: Resident[]): Promise<void> {
  for (const r of residents) await r.context.close().catch(() => undefined);
}

/** p50, p95 and max of the joins' totals, and the median of each step, in whole milliseconds. */
export function joinFigures<S extends string>(times: JoinTimes<S>[], steps: readonly S[]) {
  const sorted = times.map((t) => t.total).sort((a, b) => a - b);
  const median = (step: S) =>
    Math.round(
      percentile(
        times.map((t) => t[step]).sort((a, b) => a - b),
        50,
      ),
    );
  return {
    joinToFirstFrameMs: {
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      max: Math.round(sorted.at(-1)!),
    },
    stepsMedianMs: Object.fromEntries(steps.map((step) => [step, median(step)])) as Record<S, number>,
  };
}

/** `join to first remote frame p50 …, p95 … (max …; median ms from the click: step ms, …)`. */
export const joinText = (f: ReturnType<typeof joinFigures>) =>
  `join to first remote frame p50 ${f.joinToFirstFrameMs.p50} ms, p95 ${f.joinToFirstFrameMs.p95} ms (max ${f.joinToFirstFrameMs.max}; median ms from the click: ${Object.entries(
    f.stepsMedianMs,
  )
    .map(([step, ms]) => `${step} ${ms}`)
    .join(', ')})`;

/** The video this page sends on each open connection: frame size and rate as encoded (getStats outbound-rtp), the median over its connections. */
export async function sentVideo(page: Page): Promise<{ width: number; height: number; fps: number }> {
  const all = await page.evaluate(async () => {
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    const out: { width: number; height: number; fps: number }[] = [];
    for (const pc of w.__pcs) {
      if (pc.connectionState !== 'connected') continue;
      (await pc.getStats()).forEach(
        (s: { type: string; kind?: string; frameWidth?: number; frameHeight?: number; framesPerSecond?: number }) => {
          if (s.type === 'outbound-rtp' && s.kind === 'video')
            out.push({ width: s.frameWidth ?? 0, height: s.frameHeight ?? 0, fps: s.framesPerSecond ?? 0 });
        },
      );
    }
    return out;
  });
  all.sort((a, b) => a.width - b.width);
  return all[Math.floor(all.length / 2)] ?? { width: 0, height: 0, fps: 0 };
}

/** Kilobits a second received over `seconds` on the SFU driver's subscriptions: for the main video's camera, and for each other camera. */
export const receivedBitrates = (page: Page, seconds: number) =>
  page.evaluate(async (ms) => {
    // No named inner functions here: the bench's loader would wrap them in a helper the page lacks.
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    const main =
      (
        document.querySelector<HTMLVideoElement>('[data-testid="main-video"]')?.srcObject as MediaStream | null
      )?.getVideoTracks()[0] ?? null;
    const reads: Map<RTCPeerConnection, { bytes: number; main: boolean }>[] = [];
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) await new Promise((r) => setTimeout(r, ms));
      const bytes = new Map<RTCPeerConnection, { bytes: number; main: boolean }>();
      for (const pc of w.__pcs) {
        if (pc.connectionState !== 'connected') continue;
        // The subscriptions only (receive-only), not the page's own publications.
        const receiver = pc
          .getTransceivers()
          .find((t) => t.currentDirection === 'recvonly' && t.receiver.track.kind === 'video')?.receiver;
        if (!receiver) continue;
        let total = 0;
        (await receiver.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp') total += s.bytesReceived ?? 0;
        });
        bytes.set(pc, { bytes: total, main: receiver.track === main });
      }
      reads.push(bytes);
    }
    const kbps = [...reads[1]!].map(([pc, v]) => ({
      main: v.main,
      kbps: ((v.bytes - (reads[0]!.get(pc)?.bytes ?? v.bytes)) * 8) / ms,
    }));
    return {
      main: kbps.filter((k) => k.main).map((k) => k.kbps),
      thumbnails: kbps.filter((k) => !k.main).map((k) => k.kbps),
    };
  }, seconds * 1000);
