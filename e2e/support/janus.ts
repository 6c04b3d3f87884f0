import fs from 'node:fs';
import path from 'node:path';

const LIB = '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusTestConfig {
  /** The folder given to `janus -F`; `janus.jcfg` inside it is given to `-C`. */
  dir: string;
  apiSecret: string;
  adminKey: string;
  /** Janus's WebSocket API, on the namespace's loopback. */
  url: string;
  port: number;
}

/** Whether Janus and its VideoRoom plugin and WebSockets transport are installed (Debian package `janus`). */
export const janusInstalled = (): boolean =>
  fs.existsSync('/usr/bin/janus') && fs.existsSync(`${LIB}/plugins/libjanus_videoroom.so`) && fs.existsSync(`${LIB}/transports/libjanus_websockets.so`);

/**
 * A Janus configuration folder of a test's own: only the VideoRoom plugin and the WebSockets transport
 * (linked into folders of their own, so no other plugin, transport, event handler or logger loads), the
 * API on 127.0.0.1 with an api_secret, no admin API, the VideoRoom's admin_key, and ICE bound to the
 * namespace's veth (`iface`): Janus never gathers loopback candidates, which browsers cannot use.
 */
export function writeJanusConfig(dir: string, iface: string, port = 8188): JanusTestConfig {
  const apiSecret = `api-${Math.random().toString(36).slice(2)}`;
  const adminKey = `admin-${Math.random().toString(36).slice(2)}`;
  for (const sub of ['plugins', 'transports', 'events', 'loggers']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
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
	api_secret = "${apiSecret}"
	session_timeout = 60
	server_name = "forecourt-e2e"
}
media: {
	rtp_port_range = "30000-30999"
}
nat: {
	ice_enforce_list = "${iface}"
	ignore_mdns = true
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
	admin_ws = false
	admin_wss = false
}
`,
  );
  return { dir, apiSecret, adminKey, url: `ws://127.0.0.1:${port}`, port };
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
