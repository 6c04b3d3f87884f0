import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Flags that give Chromium fake camera, microphone and screen, and real host candidates (no mDNS names). */
export const WEBRTC_CHROMIUM_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A network namespace of the caller's own for WebRTC tests: `lo` up and a veth pair (10.77.0.1/24 and
 * 10.77.0.2/24, both ends inside) with the default route through it. WebRTC ignores loopback, so the
 * browsers gather candidates on the veth addresses; nothing leaves the namespace, and the machine's own
 * interfaces are never touched. Needs root and iproute2. Names carry the pid, so runs never collide.
 */
export class NetNamespace {
  readonly name = `fc-live-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-netns-'));
  private readonly children: ChildProcess[] = [];

  constructor() {
    ip('netns', 'add', this.name);
    try {
      const inside = (...args: string[]) => ip('netns', 'exec', this.name, 'ip', ...args);
      inside('link', 'set', 'lo', 'up');
      inside('link', 'add', 'fcA', 'type', 'veth', 'peer', 'name', 'fcB');
      inside('addr', 'add', '10.77.0.1/24', 'dev', 'fcA');
      inside('addr', 'add', '10.77.0.2/24', 'dev', 'fcB');
      inside('link', 'set', 'fcA', 'up');
      inside('link', 'set', 'fcB', 'up');
      inside('route', 'add', 'default', 'via', '10.77.0.2', 'dev', 'fcA');
    } catch (err) {
      this.removeNamespace();
      throw err;
    }
  }

  /** Whether this machine can make namespaces (root with iproute2). */
  static available(): boolean {
    try {
      return process.getuid?.() === 0 && execFileSync('ip', ['-V']).length > 0;
    } catch {
      return false;
    }
  }

  /**
   * Starts a program inside the namespace. `ip netns exec` execs the program in place, so the child's pid
   * is the program's own; stop() checks /proc/PID/comm before signalling it.
   */
  spawn(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): ChildProcess {
    const child = spawn('ip', ['netns', 'exec', this.name, command, ...args], {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(child);
    // What /proc/PID/comm says once `ip` became the program (15 characters at most): janus, turnserver...
    programOf.set(child, path.basename(command).slice(0, 15));
    return child;
  }

  /** Stops one program this namespace started (as close() does), e.g. a server the test restarts. */
  async stop(child: ChildProcess): Promise<void> {
    await stopChild(child);
  }

  /** Runs a command inside the namespace to its end, returning its output. */
  run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
    return execFileSync('ip', ['netns', 'exec', this.name, command, ...args], { env, timeout: 300_000 }).toString();
  }

  /** A launcher Playwright can start as Chromium: the browser then runs inside the namespace. */
  chromiumLauncher(): string {
    const file = path.join(this.dir, 'chromium-in-netns.sh');
    fs.writeFileSync(file, `#!/bin/sh\nexec ip netns exec ${this.name} /usr/bin/chromium "$@"\n`, { mode: 0o755 });
    return file;
  }

  /** Stops what it started (by pid, after checking what that pid runs), then deletes the namespace. */
  async close(): Promise<void> {
    await Promise.all(this.children.map((c) => stopChild(c)));
    this.removeNamespace();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private removeNamespace(): void {
    try {
      ip('netns', 'del', this.name);
    } catch {
      // Already gone.
    }
  }
}

const programOf = new WeakMap<ChildProcess, string>();

async function stopChild(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const comm = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  })();
  // Only the program we started: node (the server), janus, turnserver..., or ip while it is still becoming it.
  if (comm === 'node' || comm === 'ip' || comm === 'MainThread' || comm === programOf.get(child))
    process.kill(pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}
