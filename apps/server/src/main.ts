// Only what the start checks need is imported up front: the modules are loaded once the configuration,
// DATA_DIR and the database are known good, so a refusal is one line, not preceded by the notices some
// dependencies print when loaded.
import { ConfigError, loadConfig } from './config';
import { createAdapters, DataDirError, type Adapters } from './platform/adapters';
import { DatabaseStartError } from './platform/db/database';
import { setHeapGrowth } from './platform/heap-growth';
import { lowerProcessPriority } from './platform/process-priority';
import type { Metrics } from './platform/metrics/metrics';
import { createLanedWorker } from './platform/queue/worker-lanes';
import { sweepWorkFolders } from './platform/work-folders';

type Role = 'all' | 'api' | 'worker';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    throw new ConfigError(`Invalid --role=${role}: expected all, api or worker`);
  }
  return role;
}

async function main(): Promise<void> {
  const role = parseRole(process.argv.slice(2));
  const config = loadConfig();
  // Before the start's allocations, so that even the first full collections leave the heap room to grow.
  setHeapGrowth(config.HEAP_GROWING_PERCENT);
  // Before the adapters start their threads, so that those inherit it.
  if (role === 'worker' && config.WORKER_NICE > 0) lowerProcessPriority(config.WORKER_NICE);
  const adapters = await createAdapters(config);
  // What a killed process's jobs left in the temporary folder (its ffmpeg died with it: media-runner.ts).
  await sweepWorkFolders();
  await adapters.blobs.sweepAbandoned();
  // A worker loads neither the HTTP app nor the demo seed: what a process never runs, it does not hold in memory.
  const { buildJobs, scheduleRecurringJobs } = await import('./modules/jobs');
  if (config.DEMO_SEED && role !== 'worker') await (await import('./seed/seed-demo')).seedDemo(adapters);
  if (role !== 'worker') await printSetupCode(adapters);

  // One set of metrics for the process, shared by its API and its worker; prom-client loaded only when served.
  const metrics =
    config.METRICS_TOKEN || config.METRICS_PORT !== undefined
      ? (await import('./platform/metrics/metrics')).createMetrics({ db: adapters.db, clock: adapters.clock, role })
      : undefined;
  const worker =
    role === 'api'
      ? null
      : createLanedWorker(adapters.queue, buildJobs(adapters), {
          concurrency: config.WORKER_CONCURRENCY,
          mediaConcurrency: config.MEDIA_CONCURRENCY,
          onJobFinished: metrics && ((job, seconds, failed) => metrics.observeJob(job.name, seconds, failed)),
          // Dated: a worker's log is read against the moments of an outage (when did its failures stop?).
          onError: (err, job) =>
            console.error(
              `${new Date().toISOString()} job ${job?.name ?? ''} ${job?.id ?? ''} failed:`,
              err instanceof Error ? err.message : err,
            ),
        });
  const app = role === 'worker' ? null : await startApp(adapters, () => worker?.polling ?? true, metrics);
  const metricsServer =
    metrics && config.METRICS_PORT !== undefined
      ? await (await import('./platform/metrics/metrics-server')).startMetricsServer(metrics, config.METRICS_PORT)
      : null;

  // Installed before the process says it is ready, so a signal sent on that word is always handled.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, stopping`);
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 5000);
    force.unref();
    await app?.close();
    await metricsServer?.close();
    await worker?.stop(config.SHUTDOWN_GRACE_MS);
    await sweepWorkFolders();
    await adapters.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (worker) await scheduleRecurringJobs(adapters);
  worker?.start();
  if (metricsServer) console.log(`Metrics on http://127.0.0.1:${metricsServer.port}/metrics`);
  if (app) {
    await listen(app, config.HOST, config.PORT);
  } else {
    console.log('Forecourt worker polling');
  }
}

/** A port taken or refused is a setting to change, said in one line, not a stack trace. */
class ListenError extends Error {}

async function listen(app: Awaited<ReturnType<typeof startApp>>, host: string, port: number): Promise<void> {
  try {
    await app.listen({ host, port });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new ListenError(
        `${host}:${port} is already in use by another process: stop it, or set PORT to a free port`,
      );
    if (code === 'EACCES')
      throw new ListenError(`Not allowed to listen on ${host}:${port} (ports below 1024 need privileges): set PORT`);
    if (code === 'EADDRNOTAVAIL') throw new ListenError(`HOST=${host} is not an address of this machine`);
    throw err;
  }
}

/** With no provider administrator yet, one line with this process's one-time code for /setup (as Gitea and Jenkins do). */
async function printSetupCode(adapters: Adapters): Promise<void> {
  const { openSetup, setupCodeLine } = await import('./modules/setup/setup.service');
  const code = await openSetup(adapters);
  if (code) console.log(setupCodeLine(code, adapters.config.PUBLIC_URL));
}

async function startApp(adapters: Adapters, workerReady: () => boolean, metrics: Metrics | undefined) {
  const { buildApp, defaultWebDist } = await import('./app');
  return buildApp(adapters, { webDist: process.env.WEB_DIST ?? defaultWebDist, logger: true, workerReady, metrics });
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirError ||
    err instanceof DatabaseStartError ||
    err instanceof ListenError
  ) {
    console.error(`Forecourt cannot start: ${err.message}`);
  } else {
    console.error('Forecourt cannot start:', err);
  }
  process.exit(1);
});
