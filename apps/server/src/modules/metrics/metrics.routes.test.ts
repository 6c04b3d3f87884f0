import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { startMetricsServer } from '../../platform/metrics/metrics-server';
import { createMetrics } from '../../platform/metrics/metrics';
import { defineJobOf } from '../../platform/queue/queue';
import { SqlQueue } from '../../platform/queue/sql-queue';
import { SqlWorker } from '../../platform/queue/sql-worker';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';

/** This suite's own jobs, queued on the shared jobs table by a queue of their own. */
const testJobs = {
  'metrics-test.wait': { payload: z.object({ n: z.number() }) },
  'metrics-test.ok': { payload: z.object({}) },
  'metrics-test.bad': { payload: z.object({}), maxAttempts: 1 },
};
const testQueue = (adapters: Awaited<ReturnType<typeof createTestAdapters>>) =>
  new SqlQueue(adapters.db, adapters.dialect, adapters.clock, adapters.ids, adapters.queue.options, testJobs);

const TOKEN = 'metrics-token-for-the-test';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line of a Prometheus text answer, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  beforeAll(async () => {
    adapters = await createTestAdapters({ METRICS_TOKEN: TOKEN });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('refuses a caller without the token, naming the request id in the header and the body', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-the-same-size' }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
      expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
      expect(res.body).not.toContain('forecourt_');
    }
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const headers = await authHeaders(adapters, 'manager@demo.forecourt.test');
    const missing = '/api/owners/nobody/products/nothing/shootings/none';
    expect((await app.inject({ method: 'GET', url: missing, headers })).statusCode).toBeGreaterThanOrEqual(400);
    await app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;
    const route = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';
    const count = text
      .split('\n')
      .find((l) => l.startsWith('forecourt_http_request_duration_seconds_count{') && l.includes(`route="${route}"`));
    expect(count).toMatch(/method="GET"/);
    expect(count).toMatch(/status="4\d\d"/);
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('nobody');
    expect(text).not.toContain('12345');
  });

  it('reports queue depth, the oldest waiting job and dead jobs by job name from the shared queue', async () => {
    const queue = testQueue(adapters);
    const past = new Date(adapters.clock.now().getTime() - 90_000);
    await queue.enqueue('metrics-test.wait', { n: 1 }, { key: 'metrics-wait-1', runAt: past });
    await queue.enqueue('metrics-test.wait', { n: 2 }, { key: 'metrics-wait-2' });
    const { id } = await queue.enqueue('metrics-test.wait', { n: 3 }, { key: 'metrics-dead' });
    await adapters.db.updateTable('jobs').set({ status: 'dead' }).where('id', '=', id).execute();

    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;
    expect(sample(text, 'forecourt_queue_depth', { job: 'metrics-test.wait' })).toBe(2);
    expect(sample(text, 'forecourt_queue_oldest_waiting_seconds', { job: 'metrics-test.wait' })).toBeGreaterThanOrEqual(
      89,
    );
    expect(sample(text, 'forecourt_jobs_dead', { job: 'metrics-test.wait' })).toBe(1);
    // The process itself: event-loop delay and memory.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds', { role: 'api' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes', { role: 'api' })).toBeGreaterThan(0);
  });

  it('uses the load balancer X-Request-ID when it looks like one, a fresh id otherwise', async () => {
    const forwarded = await app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-request-id': 'lb-0a1b2c3d:42' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-0a1b2c3d:42');
    expect(forwarded.json().error.requestId).toBe('lb-0a1b2c3d:42');
    const forged = await app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(other.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('serves no /metrics on the API port', async () => {
    const adapters = await createTestAdapters();
    const app = await buildApp(adapters);
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).statusCode).toBe(404);
    } finally {
      await app.close();
      await adapters.cleanup();
    }
  });
});

describe('a worker process metrics on METRICS_PORT', () => {
  it('serves its job durations and failures on the loopback', async () => {
    const adapters = await createTestAdapters();
    const metrics = createMetrics({ db: adapters.db, clock: adapters.clock, role: 'worker' });
    const server = await startMetricsServer(metrics, 0);
    const queue = testQueue(adapters);
    const ok = defineJobOf(testJobs, 'metrics-test.ok', async () => {});
    const bad = defineJobOf(testJobs, 'metrics-test.bad', async () => Promise.reject(new Error('boom')));
    const worker = new SqlWorker(queue, [ok, bad], {
      concurrency: 2,
      onJobFinished: (job, seconds, failed) => metrics.observeJob(job.name, seconds, failed),
    });
    try {
      await queue.enqueue('metrics-test.ok', {}, { key: 'ok' });
      const badJob = await queue.enqueue('metrics-test.bad', {}, { key: 'bad' });
      worker.start();
      while ((await queue.get(badJob.id))?.status !== 'dead' || (await queue.getByKey('ok'))?.status !== 'done') {
        await new Promise((r) => setTimeout(r, 10));
      }
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'forecourt_job_duration_seconds_count', { job: 'metrics-test.ok', outcome: 'done' })).toBe(1);
      expect(sample(text, 'forecourt_job_failures_total', { job: 'metrics-test.bad' })).toBe(1);
      expect(sample(text, 'forecourt_jobs_dead', { job: 'metrics-test.bad' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await worker.stop(1000);
      await server.close();
      await adapters.cleanup();
    }
  });
});
