// The deployments the load and faults benchmarks run against, started from the production build
// (`npm start`'s scripts/build.mjs, then apps/server/dist/main.js), every process on 127.0.0.1:
//   embedded  one process (--role=all), SQLite and blob files in a fresh DATA_DIR, as `npm start` runs;
//   scale     README "Running at scale": PostgreSQL 15 of its own (through its Unix socket; --pg-tcp: TCP), an S3 server (s3rver, in a process of its
//             own; behind proxies that can be made to refuse when `faultProxy`), two --role=api and two --role=worker
//             processes, HAProxy with deploy/haproxy.cfg (ports changed) in front.
// Each process's output goes to a log file in the run's folder, kept when the run fails.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { arg } from './args';
import type { S3OpCounts, S3OpDetail } from './s3-op-stats';
import { startThrowawayPostgres, type BenchPostgres } from './postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(root, 'apps/server/dist/main.js');
const BUCKET = 'forecourt-bench';
export const API_KEY = 'forecourt-bench-api-key';

export type Target = 'embedded' | 'scale';

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

/** One Forecourt process of the deployment, which the faults bench may kill and start again. */
export class ServerProcess {
  child: ChildProcess | null = null;
  starts = 0;

  constructor(
    readonly name: string,
    readonly role: 'all' | 'api' | 'worker',
    /** The API's own port (health, metrics), or the worker's METRICS_PORT. */
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
    private readonly metricsToken: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until it answers: /healthz for an API, /metrics for a worker. */
  async start(extraEnv: Record<string, string> = {}, timeoutMs = 120_000): Promise<void> {
    const log = fs.openSync(this.logFile, 'a');
    // `--cpu-prof DIR`: each server process writes V8 CPU profiles into DIR/<name>-<start> when it stops,
    // one per thread (main first; open them in Chrome's DevTools), to find what holds an event loop.
    const profileDir = arg('cpu-prof');
    const profile = profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir, `${this.name}-${this.starts + 1}`)}`]
      : [];
    const child = spawn(process.execPath, [...profile, MAIN, `--role=${this.role}`], {
      cwd: root,
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '1048576',
        UV_THREADPOOL_SIZE: '16',
        ...this.env,
        ...extraEnv,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.starts++;
    const url =
      this.role === 'worker' ? `http://127.0.0.1:${this.port}/metrics` : `http://127.0.0.1:${this.port}/healthz`;
    await until(`${this.name} (log: ${this.logFile})`, async () => (await fetch(url)).ok, timeoutMs, child);
  }

  /** Sends the signal and waits for the process to be gone. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  }

  /** The process's Prometheus text, or null when it does not answer. */
  async metrics(): Promise<string | null> {
    const headers: Record<string, string> =
      this.role === 'worker' ? {} : { authorization: `Bearer ${this.metricsToken}` };
    try {
      const res = await fetch(`http://127.0.0.1:${this.port}/metrics`, { headers, signal: AbortSignal.timeout(5000) });
      return res.ok ? await res.text() : null;
    } catch {
      return null;
    }
  }
}

export interface Deployment {
  target: Target;
  /** Where clients send their requests: the process itself, or HAProxy. */
  baseUrl: string;
  processes: ServerProcess[];
  /** Where the data is, for the checks (openDatabase): the SQLite file in dataDir, or PostgreSQL. */
  database: { dataDir: string; databaseUrl?: string };
  pg: BenchPostgres | null;
  /** The proxies in front of the S3 server (scale with `faultProxy` only): `fail()` makes the blob store unreachable. */
  blobProxy: FaultProxy | null;
  /** The S3 server's own port (through its proxy when there is one), for the bench's checks. */
  s3Endpoint: string | null;
  /** The S3 operations counted since the last reset, by whom and kind (scale only). */
  s3Stats: ((reset: boolean) => Promise<{ counts: S3OpCounts; detail: S3OpDetail }>) | null;
  blobStore: string;
  /** The services beside the portal's processes (PostgreSQL's postmaster, S3, HAProxy), for their CPU time. */
  services: () => { name: string; pid: number | null }[];
  dir: string;
  stop(): Promise<void>;
}

/** Builds what `npm start` would build when the sources are newer than the last build. */
export function buildOnce(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

function haproxyConfig(port: number, apiPorts: number[]): string {
  const deployed = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const servers = apiPorts.map((p, i) => `    server api${i + 1} 127.0.0.1:${p} check`).join('\n');
  const spares = apiPorts.map((p, i) => `    server api${i + 1}-spare 127.0.0.1:${p} backup`).join('\n');
  // Only the addresses change; its request log goes to stdout, which is the run's haproxy.log.
  return deployed
    .replace(/^\s*bind :80$/m, `    bind 127.0.0.1:${port}`)
    .replace(/^(\s*server api\d+ .*\n?)+/m, `${servers}\n`)
    .replace(/^(\s*server api\d+-spare .*\n?)+/m, `${spares}\n`);
}

/**
 * Starts a deployment in a fresh folder of /tmp. Whatever was started is stopped by `stop`, also when the
 * start fails half-way (the error is thrown after stopping).
 */
export async function startDeployment(
  target: Target,
  opts: { workerConcurrency?: number; faultProxy?: boolean } = {},
): Promise<Deployment> {
  buildOnce();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `forecourt-bench-${target}-`));
  const metricsToken = randomBytes(16).toString('hex');
  const stoppers: (() => Promise<void> | void)[] = [];
  const processes: ServerProcess[] = [];
  const stop = async () => {
    for (const p of processes) await p.kill('SIGTERM').catch(() => undefined);
    for (const s of stoppers.reverse()) await Promise.resolve(s()).catch(() => undefined);
  };
  const common = {
    LOG_LEVEL: 'warn',
    API_KEY,
    METRICS_TOKEN: metricsToken,
    WORKER_CONCURRENCY: String(opts.workerConcurrency ?? 2),
    DATA_DIR: path.join(dir, 'data'),
    // The simulated customers each come from an address of their own (X-Forwarded-For), as real ones do;
    // otherwise the per-visitor limits of the public player would refuse them as one flood.
    TRUST_PROXY: '127.0.0.1',
  };
  try {
    if (target === 'embedded') {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const all = new ServerProcess(
        'all',
        'all',
        port,
        { ...common, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl, DEMO_SEED: 'true' },
        path.join(dir, 'all.log'),
        metricsToken,
      );
      processes.push(all);
      await all.start({}, 600_000);
      return {
        target,
        baseUrl,
        processes,
        database: { dataDir: common.DATA_DIR },
        pg: null,
        blobProxy: null,
        s3Endpoint: null,
        s3Stats: null,
        blobStore: 'files in DATA_DIR',
        services: () => [],
        dir,
        stop,
      };
    }

    // `--pg-stats`: pg_stat_statements loaded, for the load bench's list of the statements that cost most.
    const pgStats = process.argv.includes('--pg-stats')
      ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all'
      : '';
    const pg = await startThrowawayPostgres(`-c max_connections=200${pgStats}`);
    stoppers.push(() => pg.stop());
    // s3rver's list continuation tokens are DES-enciphered, which OpenSSL 3 only offers in its legacy
    // provider: without it every listing past 1,000 keys (the blob garbage collection's) fails with 500.
    // Each portal process talks to a port of its own on s3rver, which counts the operations by port
    // (`--s3-stats`); the IPC channel asks for the counts.
    const s3Clients = ['api1', 'api2', 'worker1', 'worker2'];
    const s3 = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        '--import',
        'tsx',
        path.join(root, 'bench/lib/s3rver-process.ts'),
        BUCKET,
        ...s3Clients,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      },
    );
    stoppers.push(() => void s3.kill('SIGTERM'));
    const s3Ports = await new Promise<{ port: number; ports: Record<string, number> }>((resolve, reject) => {
      s3.stdout!.once('data', (d: Buffer) =>
        resolve(JSON.parse(d.toString()) as { port: number; ports: Record<string, number> }),
      );
      s3.once('exit', () => reject(new Error('the S3 server did not start')));
    });
    // The TCP proxies that can make the store refuse, one in front of each port, only when a fault may be
    // injected (the faults bench): the load bench measures without them (they cost the generator's process CPU).
    const proxies = opts.faultProxy
      ? await Promise.all([s3Ports.port, ...s3Clients.map((c) => s3Ports.ports[c]!)].map((p) => startFaultProxy(p)))
      : [];
    for (const p of proxies) stoppers.push(() => p.close());
    const blobProxy: FaultProxy | null = proxies.length
      ? {
          port: proxies[0]!.port,
          fail: () => proxies.forEach((p) => p.fail()),
          heal: () => proxies.forEach((p) => p.heal()),
          close: async () => void (await Promise.all(proxies.map((p) => p.close()))),
        }
      : null;
    const s3PortOf = (name: string): number =>
      proxies.length ? proxies[s3Clients.indexOf(name) + 1]!.port : s3Ports.ports[name]!;
    const s3Stats = (reset: boolean) =>
      new Promise<{ counts: S3OpCounts; detail: S3OpDetail }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the S3 server did not answer its counts')), 10_000);
        s3.once('message', (m: { counts: S3OpCounts; detail: S3OpDetail }) => {
          clearTimeout(timer);
          resolve(m);
        });
        s3.send({ stats: true, reset });
      });

    const lbPort = await freePort();
    const baseUrl = `http://127.0.0.1:${lbPort}`;
    // Every process runs on PostgreSQL's machine: through its Unix socket, as README "Running at scale"
    // says; `--pg-tcp` measures the loopback TCP connection instead.
    const databaseUrl = process.argv.includes('--pg-tcp') ? pg.url : pg.socketUrl;
    const scaleEnv = {
      ...common,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: baseUrl,
      BLOB_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      DEMO_SEED: 'false',
    };
    const apiPorts = [await freePort(), await freePort()];
    for (const [i, port] of apiPorts.entries()) {
      processes.push(
        new ServerProcess(
          `api${i + 1}`,
          'api',
          port,
          {
            ...scaleEnv,
            S3_ENDPOINT: `http://127.0.0.1:${s3PortOf(`api${i + 1}`)}`,
            HOST: '127.0.0.1',
            PORT: String(port),
          },
          path.join(dir, `api${i + 1}.log`),
          metricsToken,
        ),
      );
    }
    for (const i of [1, 2]) {
      const port = await freePort();
      processes.push(
        new ServerProcess(
          `worker${i}`,
          'worker',
          port,
          { ...scaleEnv, S3_ENDPOINT: `http://127.0.0.1:${s3PortOf(`worker${i}`)}`, METRICS_PORT: String(port) },
          path.join(dir, `worker${i}.log`),
          metricsToken,
        ),
      );
    }
    // The first API process migrates and loads the demo data alone; the others start on the result.
    await processes[0]!.start({ DEMO_SEED: 'true' }, 900_000);
    await Promise.all(processes.slice(1).map((p) => p.start()));

    const cfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig(lbPort, apiPorts));
    execFileSync('haproxy', ['-c', '-q', '-f', cfg], { stdio: 'inherit' });
    const lbLog = fs.openSync(path.join(dir, 'haproxy.log'), 'a');
    const haproxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', lbLog, lbLog] });
    fs.closeSync(lbLog);
    stoppers.push(() => void haproxy.kill('SIGTERM'));
    await until('haproxy', async () => (await fetch(`${baseUrl}/healthz`)).ok, 30_000, haproxy);

    return {
      target,
      baseUrl,
      processes,
      database: { dataDir: common.DATA_DIR, databaseUrl },
      pg,
      blobProxy,
      s3Endpoint: `http://127.0.0.1:${blobProxy ? blobProxy.port : s3Ports.port}`,
      s3Stats,
      blobStore: `S3 (s3rver in a process of its own${blobProxy ? ', behind a TCP proxy' : ''})`,
      services: () => [
        { name: 'PostgreSQL', pid: pg.pid() },
        { name: 'S3 (s3rver)', pid: s3.pid ?? null },
        { name: 'HAProxy', pid: haproxy.pid ?? null },
      ],
      dir,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Stops the deployment on Ctrl-C or kill, so no server, database or load balancer outlives the bench. */
export function stopOnSignals(deployment: () => Deployment | null): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping the deployment`);
      void (deployment()?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }
}
