import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { createTestAdapters } from '../../test/test-adapters';

describe('GET /healthz', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let polling = false;
  beforeAll(async () => {
    adapters = await createTestAdapters();
    app = await buildApp(adapters, { workerReady: () => polling });
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('answers 503 until the worker polls, then 200 ok', async () => {
    const before = await app.inject({ method: 'GET', url: '/healthz' });
    expect(before.statusCode).toBe(503);
    expect(before.json().error.code).toBe('INTERNAL_ERROR');
    polling = true;
    const after = await app.inject({ method: 'GET', url: '/healthz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found', requestId: res.headers['x-request-id'] },
    });
  });
});
