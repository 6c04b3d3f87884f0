import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's sources run by tsx as an API process, as the benches that measure one route start it. */
export const TSX_API = ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), '--role=api'];

/**
 * Starts a Forecourt server as a process of its own (`args` run by this Node from the repository's root, its
 * stdout dropped, its stderr shown) and waits until `${baseUrl}/healthz` answers, polling every 100 ms.
 * Throws when the process exits first or after `polls` unanswered polls (60 s by default).
 */
export async function startHealthyServer(opts: {
  args: string[];
  env: Record<string, string | undefined>;
  baseUrl: string;
  polls?: number;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, opts.args, {
    cwd: root,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < (opts.polls ?? 600); i++) {
    const ok = await fetch(`${opts.baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (child.exitCode !== null) throw new Error('The server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The server did not answer /healthz');
}

/** Stops a server started above (SIGTERM) and waits for it to exit. */
export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** The environment of a bench's own server on the loopback at `port`: no demo seed, warnings only. */
export const loopbackServerEnv = (port: number) => ({
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DEMO_SEED: 'false',
  LOG_LEVEL: 'warn',
});
