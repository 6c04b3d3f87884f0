import {
  BEACON_MAX_BYTES,
  BEACON_MAX_EVENTS,
  BEACON_PATH,
  ENGAGEMENT_OPT_OUT_KEY,
  RECIPIENT_QUERY,
} from '@forecourt/contracts/engagement-beacon';

/** What the player reports (the contract's BeaconEvent, without loading zod into the player). */
export type BeaconEvent =
  | { k: 'open' }
  | { k: 'visible'; ms: number }
  | { k: 'angle'; i: number; ms: number }
  | { k: 'hotspot'; id: string }
  | { k: 'video'; share: number }
  | { k: 'rating'; score: number }
  | { k: 'contact'; via: 'phone' | 'email' }
  | { k: 'optout' };

/** Why a page measures nothing: no personal link, the browser's Global Privacy Control, the visitor's opt-out. */
export type Measuring = 'on' | 'none' | 'gpc' | 'optedOut';

/** A batch goes every this long while the page is open, and at once when it is hidden or left. */
export const FLUSH_MS = 15_000;
// The server caps a visible time or a frame's time at 15 minutes a report.
const CAP_MS = 900_000;

interface Tracker {
  ref: string;
  token: string;
  visit: string;
  seq: number;
  device: string;
  queue: BeaconEvent[];
  visibleSince: number | null;
  frame: number | null;
  frameSince: number;
  timer: number;
}

let tracker: Tracker | null = null;

const now = () => performance.now();

/** phone, tablet or desktop, from the screen's smaller side and touch. */
export function deviceClass(w = screen.width, h = screen.height, touch = navigator.maxTouchPoints > 0): string {
  const side = Math.min(w, h);
  return touch && side < 600 ? 'phone' : touch && side < 1100 ? 'tablet' : 'desktop';
}

/**
 * The recipient's token of a personal link: in its path (/p/{ref}/{token}, served as the player page itself) or,
 * from links made before, in the query (`?r=`); null on a plain player link.
 */
export function recipientToken(path = location.pathname, search = location.search): string | null {
  return /^\/p\/[^/]+\/([^/]+)\/?$/.exec(path)?.[1] ?? new URLSearchParams(search).get(RECIPIENT_QUERY);
}

/** Whether this page may measure: a personal link, no GPC, no opt-out remembered. */
export function measuring(token = recipientToken()): Measuring {
  if (!token) return 'none';
  if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl) return 'gpc';
  try {
    if (localStorage.getItem(ENGAGEMENT_OPT_OUT_KEY)) return 'optedOut';
  } catch {
    // Storage refused: nothing remembered, the notice offers the opt-out again.
  }
  return 'on';
}

/** Splits events into batches under the size and count limits (a batch's text stays far below 4 KB). */
export function batches(events: BeaconEvent[]): BeaconEvent[][] {
  const out: BeaconEvent[][] = [];
  let current: BeaconEvent[] = [];
  let bytes = 0;
  for (const e of events) {
    const size = JSON.stringify(e).length + 1;
    if (current.length >= BEACON_MAX_EVENTS || bytes + size > BEACON_MAX_BYTES - 400) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(e);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

/** Adds the time passed on the shown frame and, while visible, the visible time, to the queue. */
function settle(t: Tracker) {
  const at = now();
  if (t.visibleSince !== null) {
    t.queue.push({ k: 'visible', ms: Math.min(CAP_MS, Math.round(at - t.visibleSince)) });
    if (t.frame !== null) t.queue.push({ k: 'angle', i: t.frame, ms: Math.min(CAP_MS, Math.round(at - t.frameSince)) });
    t.visibleSince = at;
  }
  t.frameSince = at;
}

/** Sends what is queued; sendBeacon posts a string as text/plain, which survives the page being left. */
export function flush(): void {
  const t = tracker;
  if (!t) return;
  settle(t);
  const queued = t.queue.filter((e) => !('ms' in e) || e.ms > 0);
  t.queue = [];
  for (const events of batches(queued)) {
    const body = JSON.stringify({ ref: t.ref, token: t.token, visit: t.visit, seq: t.seq++, device: t.device, events });
    if (!navigator.sendBeacon?.(BEACON_PATH, body))
      void fetch(BEACON_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

const onVisibility = () => {
  const t = tracker;
  if (!t) return;
  if (document.visibilityState === 'hidden') {
    flush();
    t.visibleSince = null;
  } else {
    t.visibleSince = t.frameSince = now();
  }
};

/** Starts measuring this visit of a personal link (when `measuring()` says 'on'); the page opened. */
export function startBeacon(ref: string): void {
  if (tracker || measuring() !== 'on') return;
  const at = now();
  tracker = {
    ref,
    token: recipientToken()!,
    visit: crypto.randomUUID().replace(/-/g, ''),
    seq: 0,
    device: deviceClass(),
    queue: [{ k: 'open' }],
    visibleSince: document.visibilityState === 'visible' ? at : null,
    frame: null,
    frameSince: at,
    timer: window.setInterval(flush, FLUSH_MS),
  };
  flush();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
}

/** Reports an event of the visit (nothing when not measuring). */
export function track(event: BeaconEvent): void {
  tracker?.queue.push(event);
}

/** The spin shows this frame now: the previous one's time is counted. */
export function trackFrame(index: number): void {
  const t = tracker;
  if (!t || t.frame === index) return;
  if (t.frame !== null && t.visibleSince !== null)
    t.queue.push({ k: 'angle', i: t.frame, ms: Math.min(CAP_MS, Math.round(now() - t.frameSince)) });
  t.frame = index;
  t.frameSince = now();
}

/** The visitor opts out: remembered in this browser, and what this visit sent is erased. */
export function optOut(): void {
  try {
    localStorage.setItem(ENGAGEMENT_OPT_OUT_KEY, '1');
  } catch {
    // Not remembered, but this visit stops all the same.
  }
  const t = tracker;
  if (!t) return;
  tracker = null;
  window.clearInterval(t.timer);
  document.removeEventListener('visibilitychange', onVisibility);
  window.removeEventListener('pagehide', flush);
  const body = JSON.stringify({
    ref: t.ref,
    token: t.token,
    visit: t.visit,
    seq: t.seq,
    device: t.device,
    events: [{ k: 'optout' }],
  });
  if (!navigator.sendBeacon?.(BEACON_PATH, body)) void fetch(BEACON_PATH, { method: 'POST', body, keepalive: true });
}
