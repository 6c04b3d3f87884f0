import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../app-types';
import { authHeaders } from '../test/auth-helpers';
import { createTestAdapters } from '../test/test-adapters';
import { useTestApp } from '../test/test-app';
import { seedAccounts } from '../seed/seed-accounts';
import { makeShooting } from '../modules/shootings/shootings.fixtures';
import { HSTS } from './http-guards';

describe('what every request goes through', () => {
  const ctx = useTestApp();

  it('refuses control characters in query and path parameters with a 400, instead of an empty filter listing every shooting', async () => {
    await makeShooting(ctx.adapters, { ownerId: 'own-demo-paris', registration: 'AB-123-CD' });
    const headers = await authHeaders(ctx.adapters, 'manager@demo.forecourt.test');
    for (const url of [
      '/api/shootings?registration=%00',
      '/api/shootings?registration=ab%0a',
      '/api/shootings?registration=%7F',
      '/api/shootings/%00abc',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect({ url, status: res.statusCode, code: res.json().error?.code }).toEqual({
        url,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    // An ordinary search still answers.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/shootings?registration=zz-000', headers })).json().items,
    ).toEqual([]);
  });

  it('refuses a JSON body holding a NUL character, after authentication', async () => {
    const headers = await authHeaders(ctx.adapters, 'manager@demo.forecourt.test');
    const payload = { to: 'customer@example.test', subject: 'Your car', body: 'Here it is\u0000<hidden>' };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/notifications/EMAIL', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/NUL/);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/notifications/EMAIL', payload })).statusCode).toBe(401);
  });

  it('authenticates before validating: an anonymous caller with an invalid request gets 401 and no schema details', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/notifications/EMAIL', payload: { nonsense: true } },
      { method: 'POST' as const, url: '/api/products/virtuals', payload: [] },
      { method: 'GET' as const, url: '/api/shootings?offset=-5&limit=banana' },
      { method: 'POST' as const, url: '/vision/v1/processes/crop', payload: { images: 'none' } },
      { method: 'POST' as const, url: '/clipping/api/V1/shootings/x/images/y/verifications', payload: {} },
      { method: 'GET' as const, url: '/identity/identity-providers' },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject(call);
      expect({ url: call.url, status: res.statusCode, details: res.json().error.details }).toEqual({
        url: call.url,
        status: 401,
        details: undefined,
      });
    }
  });

  it('sends no Strict-Transport-Security over plain http', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });
});

describe('an https public address', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  beforeAll(async () => {
    adapters = await createTestAdapters({ PUBLIC_URL: 'https://photos.dealer.example', TRUST_PROXY: '127.0.0.1' });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it("sends Strict-Transport-Security on every answer, the identity provider's and errors included", async () => {
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.9' };
    for (const url of [
      '/healthz',
      '/oidc/.well-known/openid-configuration',
      '/api/users/me',
      '/api/shootings?registration=%00',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: proxied });
      expect({ url, hsts: res.headers['strict-transport-security'], status: res.statusCode }).toEqual({
        url,
        hsts: HSTS,
        status: res.statusCode,
      });
    }
  });
});
