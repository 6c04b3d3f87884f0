import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import type { NetNamespace } from './netns';

const LIB = '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusTestConfig {
  /** The folder given to `janus -F`; `janus.jcfg` inside it is given to `-C`. */
  dir: string;
  apiSecret: string;
  adminKey: string;
  /** Janus's WebSocket API, on the namespace's loopback. */
  url: string;
  port: number;
  /** Janus's admin API (WebSocket, the namespace's loopback), when asked for: tests count the handles with it. */
  admin: { port: number; secret: string } | null;
}

/** Whether Janus and its VideoRoom plugin and WebSockets transport are installed (Debian package `janus`). */
export const janusInstalled = (): boolean =>
  fs.existsSync('/usr/bin/janus') &&
  fs.existsSync(`${LIB}/plugins/libjanus_videoroom.so`) &&
  fs.existsSync(`${LIB}/transports/libjanus_websockets.so`);

/**
 * A Janus configuration folder of a test's own: only the VideoRoom plugin and the WebSockets transport
 * (linked into folders of their own, so no other plugin, transport, event handler or logger loads), the
 * API on 127.0.0.1 with an api_secret, no admin API, the VideoRoom's admin_key, and ICE bound to the
 * namespace's veth (`iface`): Janus never gathers loopback candidates, which browsers cannot use. ICE-lite,
 * as for a Janus on a reachable address: the browsers run the checks and Janus answers them, which
 * connected a join about 0.5 s sooner in the live bench (and its first frame sooner too).
 */
export function writeJanusConfig(
  dir: string,
  iface: string,
  port = 8188,
  adminPort: number | null = null,
): JanusTestConfig {
  const admin = adminPort ? { port: adminPort, secret: `janus-admin-${Math.random().toString(36).slice(2)}` } : null;
  const apiSecret = `api-${Math.random().toString(36).slice(2)}`;
  const adminKey = `admin-${Math.random().toString(36).slice(2)}`;
  for (const sub of ['plugins', 'transports', 'events', 'loggers'])
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.symlinkSync(`${LIB}/plugins/libjanus_videoroom.so`, path.join(dir, 'plugins', 'libjanus_videoroom.so'));
  fs.symlinkSync(`${LIB}/transports/libjanus_websockets.so`, path.join(dir, 'transports', 'libjanus_websockets.so'));
  fs.writeFileSync(
    path.join(dir, 'janus.jcfg'),
    `general: {
	configs_folder = "${dir}"
	plugins_folder = "${dir}/plugins"
	transports_folder = "${dir}/transports"
	events_folder = "${dir}/events"
	loggers_folder = "${dir}/loggers"
	log_to_stdout = true
	debug_level = ${process.env.E2E_JANUS_DEBUG ?? 3}
	debug_timestamps = true
	api_secret = "${apiSecret}"
${admin ? `\tadmin_secret = "${admin.secret}"\n` : ''}	session_timeout = 60
	server_name = "forecourt-e2e"
}
media: {
	rtp_port_range = "30000-30999"
}
nat: {
	ice_enforce_list = "${iface}"
	ignore_mdns = true
	ice_lite = true
	nice_debug = false
}
plugins: {
}
transports: {
}
events: {
	broadcast = false
}
`,
  );
  fs.writeFileSync(
    path.join(dir, 'janus.plugin.videoroom.jcfg'),
    `general: {
	admin_key = "${adminKey}"
}
`,
  );
  fs.writeFileSync(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: {
	json = "compact"
	ws = true
	ws_port = ${port}
	ws_ip = "127.0.0.1"
	wss = false
	ws_logging = "err,warn"
}
admin: {
	admin_ws = ${admin ? `true\n\tadmin_ws_port = ${admin.port}\n\tadmin_ws_ip = "127.0.0.1"` : 'false'}
	admin_wss = false
}
`,
  );
  return { dir, apiSecret, adminKey, url: `ws://127.0.0.1:${port}`, port, admin };
}

/** coturn's arguments for a relay on `ip` that checks TURN REST credentials made with `secret`. */
export const turnserverArgs = (ip: string, secret: string, dir: string): string[] => [
  '-n',
  '--use-auth-secret',
  `--static-auth-secret=${secret}`,
  `--listening-ip=${ip}`,
  `--relay-ip=${ip}`,
  '--listening-port=3478',
  '--min-port=40000',
  '--max-port=40999',
  '--realm=forecourt.test',
  '--no-cli',
  '--no-tls',
  '--no-dtls',
  '--fingerprint',
  '--no-multicast-peers',
  // The namespace's addresses are the only peers; nothing of the machine's own coturn database is read.
  `--allowed-peer-ip=${ip.split('.').slice(0, 3).join('.')}.0-${ip.split('.').slice(0, 3).join('.')}.255`,
  '--no-dynamic-ip-list',
  '--no-dynamic-realms',
  ...(process.env.E2E_TURN_VERBOSE ? ['--verbose'] : []),
  `--pidfile=${dir}/turnserver.pid`,
  '--log-file=stdout',
  '--simple-log',
];

/** The namespace's veth ends (support/netns.ts): Janus binds ICE to fcA, coturn listens on fcB's address. */
export const JANUS_IFACE = 'fcA';
export const TURN_IP = '10.77.0.2';

/** What a program started for a test wrote last (shown when a test fails); its pipes drained so it never blocks. */
export interface ProgramLog {
  name: string;
  out: string[];
}

export function trackOutput(logs: ProgramLog[], name: string, child: ChildProcess): ChildProcess {
  const out: string[] = [];
  const keep = (chunk: Buffer) => {
    out.push(chunk.toString());
    if (out.length > 5000) out.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  logs.push({ name, out });
  return child;
}

/** The tail of every tracked program's output. */
export const logTails = (logs: ProgramLog[], chars = Number(process.env.E2E_LOG_TAIL) || 4000) =>
  logs.map((l) => `--- ${l.name}\n${l.out.join('').slice(-chars)}`).join('\n');

/** Runs a probe (a JS async function's source, answering true when ready) inside the namespace until it says so. */
export async function waitInside(
  ns: NetNamespace,
  what: string,
  probe: string,
  logs: ProgramLog[] = [],
): Promise<void> {
  const wait = ns.spawn(process.execPath, [
    '-e',
    `(async()=>{for(let i=0;i<600;i++){try{if(await (${probe})())return}catch{}await new Promise(r=>setTimeout(r,200))}process.exit(1)})()`,
  ]);
  const code = await new Promise<number | null>((resolve) => wait.once('exit', resolve));
  if (code !== 0) throw new Error(`${what} did not start:\n${logTails(logs, 3000)}`);
}

/** A probe for waitInside: the URL answers 200 (with `status: 'ok'` when `healthy`: Janus answers the server too). */
export const httpProbe = (url: string, healthy = false) =>
  healthy
    ? `async()=>{const r=await fetch('${url}');return r.ok&&(await r.json()).status==='ok'}`
    : `async()=>(await fetch('${url}')).ok`;

const tcpProbe = (port: number) =>
  `()=>new Promise(r=>{const s=require('net').connect(${port},'127.0.0.1',()=>{s.end();r(true)});s.on('error',()=>r(false))})`;

export interface SfuServices {
  /** What a server needs to drive this Janus and hand out TURN credentials of this coturn. */
  serverEnv: Record<string, string>;
  janus: ChildProcess;
  turn: ChildProcess | null;
  config: JanusTestConfig;
}

/**
 * Janus (a configuration folder of its own under `dir`) and, unless `turn` is false, coturn, started
 * inside the namespace; answers once Janus takes connections. The namespace accepts packets with its own
 * source addresses on the veth (`accept_local`): Janus's sockets are tied to its veth end, so what it
 * sends to the other end's address (coturn's relay) comes back in over the veth, which Linux drops unless
 * told to accept it. A setting of this namespace only.
 */
export async function startSfuServices(
  ns: NetNamespace,
  dir: string,
  logs: ProgramLog[],
  { turn = true, janusPort = 8188, adminPort = null as number | null } = {},
): Promise<SfuServices> {
  if (!janusInstalled() || (turn && !fs.existsSync('/usr/bin/turnserver')))
    throw new Error('The live SFU e2e needs the Debian packages janus and coturn (.ci/run installs them)');
  ns.run('sysctl', [
    '-qw',
    'net.ipv4.conf.all.accept_local=1',
    `net.ipv4.conf.${JANUS_IFACE}.accept_local=1`,
    'net.ipv4.conf.fcB.accept_local=1',
  ]);
  const config = writeJanusConfig(path.join(dir, 'janus'), JANUS_IFACE, janusPort, adminPort);
  const janus = trackOutput(
    logs,
    'janus',
    ns.spawn('janus', ['-F', config.dir, '-C', path.join(config.dir, 'janus.jcfg')]),
  );
  const turnSecret = `turn-${Math.random().toString(36).slice(2)}-secret`;
  const turnServer = turn
    ? trackOutput(logs, 'turnserver', ns.spawn('turnserver', turnserverArgs(TURN_IP, turnSecret, dir)))
    : null;
  await waitInside(ns, 'Janus', tcpProbe(config.port), logs);
  if (config.admin) await waitInside(ns, 'Janus admin API', tcpProbe(config.admin.port), logs);
  return {
    janus,
    turn: turnServer,
    config,
    serverEnv: {
      LIVE_SFU: 'janus',
      JANUS_URL: config.url,
      JANUS_API_SECRET: config.apiSecret,
      JANUS_ADMIN_KEY: config.adminKey,
      ...(turn
        ? {
            TURN_URLS: `turn:${TURN_IP}:3478?transport=udp,turn:${TURN_IP}:3478?transport=tcp`,
            TURN_SECRET: turnSecret,
          }
        : {}),
    },
  };
}

/**
 * The VideoRoom handles Janus holds, per session (each API process has one session: platform/janus), read
 * through its admin API from inside the namespace (Node 20's WebSocket client is behind a flag).
 */
export function janusHandlesPerSession(ns: NetNamespace, admin: { port: number; secret: string }): number[] {
  const script = `
const ws = new WebSocket('ws://127.0.0.1:${admin.port}', 'janus-admin-protocol');
let n = 0;
const ask = (body) => new Promise((resolve, reject) => {
  const transaction = 't' + n++;
  const on = (e) => { const m = JSON.parse(e.data); if (m.transaction !== transaction) return; ws.removeEventListener('message', on); m.janus === 'success' ? resolve(m) : reject(new Error(e.data)); };
  ws.addEventListener('message', on);
  ws.send(JSON.stringify({ ...body, transaction, admin_secret: ${JSON.stringify(admin.secret)} }));
});
setTimeout(() => process.exit(2), 5000).unref();
ws.addEventListener('error', () => process.exit(3));
ws.addEventListener('open', async () => {
  const { sessions } = await ask({ janus: 'list_sessions' });
  const counts = [];
  for (const session_id of sessions) counts.push((await ask({ janus: 'list_handles', session_id }).catch(() => ({ handles: [] }))).handles.length);
  console.log(JSON.stringify(counts));
  process.exit(0);
});`;
  return JSON.parse(ns.run(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', script])) as number[];
}

/**
 * A describe per live media driver, each with its own set-up (server, and Janus + coturn for the SFU) and
 * the processes' log tails printed when a test fails: the same tests on both drivers, written once.
 */
export function describeOnEachDriver<D extends { name: string }>(
  drivers: readonly D[],
  hooks: { setUp: (driver: D) => Promise<void>; tearDown: () => Promise<void>; logs: ProgramLog[] },
  tests: (driver: D) => void,
): void {
  for (const driver of drivers) {
    test.describe(`on the ${driver.name} driver`, () => {
      test.beforeAll(async () => {
        test.setTimeout(300_000);
        await hooks.setUp(driver);
      });
      test.afterAll(hooks.tearDown);
      test.afterEach(async () => {
        const info = test.info();
        if (info.status !== info.expectedStatus) console.log(logTails(hooks.logs));
      });
      tests(driver);
    });
  }
}
