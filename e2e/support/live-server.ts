import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpProbe, trackOutput, waitInside, type ProgramLog } from './janus';
import type { NetNamespace } from './netns';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The built server started inside the namespace as `npm start` starts it (its malloc variables, decision 0001),
 * on `base`'s port with its data in `dataDir`, the demo seed when `seed` and `env` over the rest (a media
 * driver's settings). Answers once it is healthy there (this process cannot reach it); with LIVE_SFU=janus, only
 * once Janus answers it too ('degraded' would mean the server cannot reach Janus). Its output goes to `logs`.
 */
export async function startServerInside(
  ns: NetNamespace,
  logs: ProgramLog[],
  opts: { base: string; dataDir: string; seed: boolean; env?: Record<string, string> },
): Promise<ChildProcess> {
  const env = opts.env ?? {};
  const server = trackOutput(
    logs,
    'server',
    ns.spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: new URL(opts.base).port,
        PUBLIC_URL: opts.base,
        DATA_DIR: opts.dataDir,
        DEMO_SEED: String(opts.seed),
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '1048576',
        SMTP_URL: '',
        ...env,
      },
    }),
  );
  await waitInside(ns, 'The live server', httpProbe(`${opts.base}/healthz`, env.LIVE_SFU === 'janus'), logs);
  return server;
}
