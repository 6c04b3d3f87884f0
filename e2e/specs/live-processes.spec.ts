/// <reference lib="dom" />
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/env';
import {
  describeOnEachDriver,
  httpProbe,
  janusHandlesPerSession,
  startSfuServices,
  trackOutput,
  waitInside,
  type JanusTestConfig,
  type ProgramLog,
} from '../support/janus';
import { NetNamespace, WEBRTC_CHROMIUM_ARGS } from '../support/netns';
import { acceptCookies, DEMO_EMAILS, signIn } from '../support/sign-in';

// Two API processes on one PostgreSQL behind HAProxy, as a deployment at scale runs them, all inside a
// network namespace of this test's own (see live.spec.ts). HAProxy has one front port per participant,
// each preferring its own API process and falling back on the other: the dealer's signalling lands on
// api1 and the visitor's on api2, so their call is signalled across processes (LISTEN/NOTIFY). Then api1
// is killed mid-call. On both media drivers: peer-to-peer, and Janus (LIVE_SFU=janus), where api1 also
// held the dealer's Janus handles: the dealer publishes again through api2, and nobody is shown twice.
// On Janus, first without killing anything: the dealer's socket alone moves to api2 (HAProxy's runtime
// API takes api1 out for new connections and cuts that socket), while api1 runs on.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DRIVERS = [
  {
    name: 'peer-to-peer',
    sfu: false,
    database: 'live_p2p',
    ports: { dealer: 18181, guest: 18182, api: [18191, 18192] },
  },
  { name: 'Janus SFU', sfu: true, database: 'live_sfu', ports: { dealer: 18183, guest: 18184, api: [18193, 18194] } },
] as const;
let DEALER_PORT: number;
let GUEST_PORT: number;
let API_PORTS: readonly number[];
const base = (port: number) => `http://127.0.0.1:${port}`;

let ns: NetNamespace;
let browser: Browser;
let dir: string;
let pgBin: string;
let haproxy: ChildProcess | null = null;
let api: ChildProcess[] = [];
// One array for the whole file: describeOnEachDriver prints the tails of this very array when a test fails.
const logs: ProgramLog[] = [];
let janus: JanusTestConfig | null = null;
let work: string;

const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(pgBin, cmd), ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 60_000,
  });

const haproxyConfig = (dealerFirst: string, guestFirst: string) => `global
    maxconn 256
    stats socket ${path.join(work, 'haproxy.sock')} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    # A health check may take a while on a busy machine (/healthz asks the database and Janus): one slow
    # answer must not take a live process out, else with both out for a moment a page gets 503. A killed
    # process refuses the connection at once, so three checks 300 ms apart still notice it within a second.
    timeout check 2s
    retries 2
    option redispatch 1
frontend dealer
    bind 127.0.0.1:${DEALER_PORT}
    default_backend via_api1
frontend guest
    bind 127.0.0.1:${GUEST_PORT}
    default_backend via_api2
backend via_api1
    option httpchk GET /healthz
    default-server inter 300ms fall 3 rise 1
    server api1 ${dealerFirst} check
    server api2 ${guestFirst} check backup
backend via_api2
    option httpchk GET /healthz
    default-server inter 300ms fall 3 rise 1
    server api2 ${guestFirst} check
    server api1 ${dealerFirst} check backup
`;

const pgDir = () => path.join(dir, 'pg');

// One PostgreSQL for the file (a database per driver), on a Unix socket only: reachable from inside the
// namespaces (the file system is shared), and on no network at all.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  if (!NetNamespace.available()) throw new Error('This e2e needs root and iproute2 to make its network namespace');
  pgBin = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1']).toString().trim();
  if (!pgBin) throw new Error('This e2e needs PostgreSQL (Debian package postgresql)');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-e2e-processes-'));
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(pgDir());
  execFileSync('chown', ['postgres', pgDir()]);
  asPostgres('initdb', ['--auth=trust', '-U', 'postgres', '-D', path.join(pgDir(), 'data')]);
  asPostgres('pg_ctl', [
    '-D',
    path.join(pgDir(), 'data'),
    '-l',
    path.join(pgDir(), 'log'),
    '-w',
    '-o',
    `-c listen_addresses='' -k ${pgDir()} -p 5432 -c fsync=off`,
    'start',
  ]);
  for (const driver of DRIVERS) asPostgres('createdb', ['-h', pgDir(), '-p', '5432', driver.database]);
});

test.afterAll(async () => {
  if (pgBin && dir) {
    try {
      asPostgres('pg_ctl', ['-D', path.join(pgDir(), 'data'), '-m', 'immediate', 'stop']);
    } catch {
      // Not started.
    }
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The namespace, Janus for the SFU driver, the two API processes of the driver's database, HAProxy and Chromium. */
async function setUp(driver: (typeof DRIVERS)[number]): Promise<void> {
  ({ dealer: DEALER_PORT, guest: GUEST_PORT, api: API_PORTS } = driver.ports);
  api = [];
  logs.length = 0;
  ns = new NetNamespace();
  work = path.join(dir, driver.database);
  fs.mkdirSync(work);
  const sfu = driver.sfu ? await startSfuServices(ns, work, logs, { turn: false, adminPort: 7188 }) : null;
  janus = sfu?.config ?? null;
  const sfuEnv = sfu?.serverEnv ?? {};
  const databaseUrl = `postgres://postgres@/${driver.database}?host=${encodeURIComponent(pgDir())}&port=5432`;
  // Both serve the portal of the dealer's front port (sign-in redirects); the visitor's link is opened on its own port.
  const env = (port: number, seed: boolean) => ({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base(DEALER_PORT),
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: databaseUrl,
    DEMO_SEED: String(seed),
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    ...sfuEnv,
  });
  // The first seeds the demo accounts; the second starts once it is done. With Janus, each healthy once it answers.
  for (const [i, port] of API_PORTS.entries()) {
    api.push(
      trackOutput(
        logs,
        `api${i + 1}`,
        ns.spawn(process.execPath, ['apps/server/dist/main.js', '--role=api'], { cwd: root, env: env(port, i === 0) }),
      ),
    );
    await waitInside(ns, `api${i + 1}`, httpProbe(`${base(port)}/healthz`, driver.sfu), logs);
  }
  fs.writeFileSync(
    path.join(work, 'haproxy.cfg'),
    haproxyConfig(`127.0.0.1:${API_PORTS[0]}`, `127.0.0.1:${API_PORTS[1]}`),
  );
  haproxy = trackOutput(logs, 'haproxy', ns.spawn('haproxy', ['-db', '-f', path.join(work, 'haproxy.cfg')]));
  await waitInside(ns, 'HAProxy', httpProbe(`${base(GUEST_PORT)}/healthz`), logs);
  await waitInside(ns, 'HAProxy', httpProbe(`${base(DEALER_PORT)}/healthz`), logs);
  browser = await chromium.launch({
    executablePath: ns.chromiumLauncher(),
    args: [...CHROMIUM_ARGS, ...WEBRTC_CHROMIUM_ARGS],
  });
}

async function tearDown(): Promise<void> {
  await browser?.close();
  // HAProxy by its pid (the namespace's close stops the node processes it started).
  if (haproxy?.pid && haproxy.exitCode === null && haproxy.signalCode === null) {
    const exited = new Promise((resolve) => haproxy!.once('exit', resolve));
    process.kill(haproxy.pid, 'SIGTERM');
    await exited;
  }
  haproxy = null;
  await ns?.close();
}

/** A command to HAProxy's runtime API (its stats socket, a file: reachable from outside the namespace); answers its reply. */
const haproxyCommand = (command: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(path.join(work, 'haproxy.sock'));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error(`HAProxy did not answer ${command}`)));
    socket.end(`${command}\n`);
  });

/** HAProxy's status of a server (`UP`, `DOWN`, `MAINT`...), from its `show stat` CSV. */
const haproxyStatus = async (backend: string, server: string) => {
  const rows = (await haproxyCommand('show stat')).split('\n').map((line) => line.split(','));
  const header = rows[0]!;
  return rows.find((r) => r[0] === backend && r[1] === server)?.[header.indexOf('status')] ?? '';
};

type Recorded = { __pcs: RTCPeerConnection[]; __sockets: WebSocket[] };

/** A context whose pages record their peer connections (for getStats) and signalling sockets. */
async function callContext(baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  // An action that cannot happen (a button that never shows) fails with its name instead of using up the test's time.
  context.setDefaultTimeout(45_000);
  await context.addInitScript(() => {
    localStorage.setItem('forecourt.language', 'en');
    const w = window as unknown as Recorded;
    w.__pcs = [];
    w.__sockets = [];
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__pcs.push(this);
      }
    } as typeof RTCPeerConnection;
    const OriginalSocket = window.WebSocket;
    window.WebSocket = class extends OriginalSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        w.__sockets.push(this);
      }
    } as typeof WebSocket;
  });
  return context;
}

const framesDecoded = (page: Page) =>
  page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as Recorded).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.framesDecoded ?? 0;
      });
    }
    return total;
  });

/** The other side's video plays: decoded frames keep increasing. */
async function expectRemoteVideoPlaying(page: Page) {
  await expect
    .poll(() => page.getByTestId('main-video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { timeout: 15_000 }).toBeGreaterThan(before + 10);
}

/** Connections of this page that receive video now (a camera shown twice, or a frozen leftover, would make two). */
const receivingConnections = (page: Page) =>
  page.evaluate(async () => {
    let n = 0;
    for (const pc of (window as unknown as Recorded).__pcs) {
      if (pc.connectionState !== 'connected') continue;
      let video = false;
      (await pc.getStats()).forEach((s: { type: string; kind?: string }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') video = true;
      });
      if (video) n++;
    }
    return n;
  });

const openSockets = (page: Page) =>
  page.evaluate(() => (window as unknown as Recorded).__sockets.map((s) => s.readyState === WebSocket.OPEN));

/** The dealer (through api1) and a visitor (through api2) in a call of a room of their own, each seeing the other. */
async function startCall(
  dealerContext: BrowserContext,
  guestContext: BrowserContext,
  name: string,
): Promise<{ dealer: Page; guest: Page }> {
  const dealer = await dealerContext.newPage();
  await signIn(dealer, DEMO_EMAILS.manager);
  // The room through the API, as the rooms screen creates it (live.spec.ts drives that screen).
  const room = await dealer.evaluate(async (name) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    const { apiKey } = (await (await fetch('/api/web-config')).json()) as { apiKey: string };
    const headers = {
      authorization: `Bearer ${access_token}`,
      'x-api-key': apiKey,
      'content-type': 'application/json',
    };
    const me = (await (await fetch('/api/users/me', { headers })).json()) as { id: string };
    const appointment = new Date(Date.now() + 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const res = await fetch('/api/videos/live/rooms', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        session_name: name,
        user_id: me.id,
        appointment_date: appointment,
        owner_id: 'own-demo-paris',
      }),
    });
    if (res.status !== 201) throw new Error(`room create answered ${res.status}`);
    return (await res.json()) as { link: string };
  }, name);
  const link = new URL(room.link);
  await dealer.goto(link.pathname + link.search);
  await dealer.getByRole('button', { name: 'Join the meeting' }).click();
  await expect(dealer.getByText('Waiting for the other participants…')).toBeVisible();

  const guest = await guestContext.newPage();
  await guest.goto(link.pathname + link.search);
  await acceptCookies(guest);
  await guest.getByRole('button', { name: 'Join the meeting' }).click();
  await expect(dealer.getByTestId('room-notice')).toContainText('Guest joined the meeting');
  await expectRemoteVideoPlaying(dealer);
  await expectRemoteVideoPlaying(guest);
  // A media state crosses from api2 to api1.
  await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
  await expect(dealer.getByTestId('participants-panel').getByRole('img', { name: 'Microphone muted' })).toBeVisible();
  return { dealer, guest };
}

/** Waits until the page's latest signalling socket is a new one, open, and the only one open. */
async function expectSocketReplaced(page: Page, opened: number) {
  await expect
    .poll(
      async () => {
        const now = await openSockets(page);
        return now.length > opened && now.at(-1) === true && now.filter(Boolean).length === 1;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Janus: the dealer's socket alone moves from api1 to api2, api1 running on. api2 kicks the publications
 * api1 held for the dealer, the dealer publishes again through api2, the visitor receives it once, and
 * api1 lets go of every handle it held (Janus's admin API: its session holds none).
 */
async function socketMovesWhileItsProcessLives(): Promise<void> {
  const dealerContext = await callContext(base(DEALER_PORT));
  const guestContext = await callContext(base(GUEST_PORT));
  try {
    const { dealer, guest } = await startCall(dealerContext, guestContext, 'Socket moved');
    const handles = () => janusHandlesPerSession(ns, janus!.admin!).sort((a, b) => a - b);
    // Each process's session: a publisher and a subscriber handle for its participant.
    await expect.poll(handles, { timeout: 15_000 }).toEqual([2, 2]);
    const opened = (await openSockets(dealer)).length;
    // api1 takes no new connection; its open ones (the dealer's socket) are cut: the dealer comes back through api2.
    await haproxyCommand('set server via_api1/api1 state maint');
    await haproxyCommand('shutdown sessions server via_api1/api1');
    await expectSocketReplaced(dealer, opened);
    await expect(dealer.getByTestId('reconnecting')).toHaveCount(0);
    const dealerPanel = dealer.getByTestId('participants-panel');
    await expect(dealerPanel.getByTestId('participant')).toHaveCount(1);
    await expect(guest.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(1);
    await expectRemoteVideoPlaying(guest);
    await expectRemoteVideoPlaying(dealer);
    await expect.poll(() => receivingConnections(guest), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => receivingConnections(dealer), { timeout: 30_000 }).toBe(1);
    // api1 still runs and holds nothing; api2 holds both participants' handles.
    await expect.poll(handles, { timeout: 15_000 }).toEqual([0, 4]);
    expect(api[0]!.exitCode).toBeNull();
    // Signalling flows, both on api2 now.
    await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
    await expect(dealerPanel.getByRole('img', { name: 'Microphone muted' })).toHaveCount(0);
    await guest.getByRole('button', { name: 'Hang up' }).click();
    await expect(dealerPanel.getByTestId('participant')).toHaveCount(0);
  } finally {
    await guestContext.close();
    await dealerContext.close();
    // api1 back for the next test's dealer.
    await haproxyCommand('set server via_api1/api1 state ready');
    await expect.poll(() => haproxyStatus('via_api1', 'api1'), { timeout: 15_000 }).toBe('UP');
  }
}

async function callAcrossProcesses(): Promise<void> {
  const dealerContext = await callContext(base(DEALER_PORT));
  const guestContext = await callContext(base(GUEST_PORT));
  try {
    const { dealer, guest } = await startCall(dealerContext, guestContext, 'Two processes');
    const dealerPanel = dealer.getByTestId('participants-panel');
    // api1, the dealer's, dies mid-call: the dealer's socket comes back through HAProxy's fallback, api2.
    const opened = (await openSockets(dealer)).length;
    const killed = new Promise((resolve) => api[0]!.once('exit', resolve));
    process.kill(api[0]!.pid!, 'SIGKILL');
    await killed;
    await expectSocketReplaced(dealer, opened);
    await expect(dealer.getByTestId('reconnecting')).toHaveCount(0);
    // Both still see each other, each listed once.
    await expect(dealerPanel.getByTestId('participant')).toHaveCount(1);
    await expect(guest.getByTestId('participants-panel').getByTestId('participant')).toHaveCount(1);
    await expectRemoteVideoPlaying(dealer);
    await expectRemoteVideoPlaying(guest);
    // Each receives the other once: one connection bringing video (with Janus, the dealer's camera as
    // published again through api2, none left of what api1 held).
    await expect.poll(() => receivingConnections(dealer), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => receivingConnections(guest), { timeout: 30_000 }).toBe(1);
    // Signalling flows again, now on api2 for both.
    await guest.getByRole('button', { name: 'Microphone', exact: true }).click();
    await expect(dealerPanel.getByRole('img', { name: 'Microphone muted' })).toHaveCount(0);
    await guest.getByRole('button', { name: 'Hang up' }).click();
    await expect(dealer.getByTestId('room-notice')).toContainText('Guest left the meeting');
    await expect(dealerPanel.getByTestId('participant')).toHaveCount(0);
  } finally {
    await guestContext.close();
    await dealerContext.close();
  }
}

describeOnEachDriver(DRIVERS, { setUp, tearDown, logs }, (driver) => {
  // Before the test that kills api1. The SFU driver only: with peer-to-peer, api1 holds nothing but the socket.
  if (driver.sfu) {
    test('a participant whose socket moves to the other API process while the first runs on publishes again through it; the first lets go of its Janus handles', async () => {
      test.setTimeout(180_000);
      await socketMovesWhileItsProcessLives();
    });
  }
  test('a call signalled across two API processes goes on when one dies: its participant reconnects through the other, nobody is shown twice', async () => {
    test.setTimeout(180_000);
    await callAcrossProcesses();
  });
});
