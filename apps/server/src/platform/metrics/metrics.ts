import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { readQueueStats } from '../queue/queue-stats';

/** What one process reports in the Prometheus format: its HTTP requests, its jobs, the queue and itself. */
export interface Metrics {
  readonly contentType: string;
  /** A finished HTTP request, by route pattern (never the raw URL, which would make a series per id). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A job run by this process's worker; failed runs count in forecourt_job_failures_total too. */
  observeJob(name: string, seconds: number, failed: boolean): void;
  render(): Promise<string>;
}

const setAll = (gauge: Gauge, values: Map<string, number>) => {
  gauge.reset();
  for (const [job, v] of values) gauge.set({ job }, v);
};

/**
 * The metrics of this process. Default metrics (event-loop delay, memory, CPU, handles) are sampled
 * continuously once created, so a process creates this once, and only when metrics are served.
 */
export function createMetrics(deps: { db: Db; clock: Clock; role: string }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: deps.role });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const http = new Histogram({
    name: 'forecourt_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'forecourt_job_duration_seconds',
    help: 'Time a job run took in this process, by job name and outcome',
    labelNames: ['job', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'forecourt_job_failures_total',
    help: 'Job runs that failed in this process (each is retried until its attempts are spent)',
    labelNames: ['job'],
    registers: [registry],
  });
  // The queue is shared by every process: read from the database at each scrape, by one query set that
  // the three gauges share (the registry collects them at the same time).
  let refreshing: Promise<void> | null = null;
  const refresh = (): Promise<void> =>
    (refreshing ??= readQueueStats(deps.db, deps.clock.now())
      .then((stats) => {
        setAll(depth, stats.depth);
        setAll(oldest, stats.oldestWaitingSeconds);
        setAll(dead, stats.dead);
      })
      .finally(() => {
        refreshing = null;
      }));
  const queueGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['job'], registers: [registry], collect: refresh });
  const depth = queueGauge('forecourt_queue_depth', 'Queued jobs (due or waiting for a retry) by job name');
  const oldest = queueGauge(
    'forecourt_queue_oldest_waiting_seconds',
    'Age of the oldest due job not yet claimed, by job name',
  );
  const dead = queueGauge('forecourt_jobs_dead', 'Jobs given up on after their last attempt, by job name');

  return {
    contentType: registry.contentType,
    observeRequest: (method, route, status, seconds) =>
      http.observe({ method, route, status: String(status) }, seconds),
    observeJob: (name, seconds, failed) => {
      jobDuration.observe({ job: name, outcome: failed ? 'failed' : 'done' }, seconds);
      if (failed) jobFailures.inc({ job: name });
    },
    render: () => registry.metrics(),
  };
}
