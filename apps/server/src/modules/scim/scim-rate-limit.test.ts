import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';

/** /scim/v2 is limited per token, and per client address for requests without a valid token. */
describe('SCIM rate limits', () => {
  const clock = new TestClock('2026-11-29T05:00:00.000Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  const tokenOf = async (label: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/settings/groups/grp-demo/scim-tokens',
        headers: await authHeaders(adapters, 'manager@demo.forecourt.test'),
        payload: { label },
      })
    ).json<{ token: string }>().token;
  const get = (token: string, address = '203.0.113.7') =>
    app.inject({
      method: 'GET',
      url: '/scim/v2/Users?count=1',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: address,
    });

  beforeAll(async () => {
    adapters = await createTestAdapters({ SCIM_RATE_LIMIT: '3', SCIM_FAILED_AUTH_LIMIT: '2' }, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('answers 429 with Retry-After past a token’s limit, for that token only, until its minute ends', async () => {
    const okta = await tokenOf('Okta');
    const entra = await tokenOf('Entra ID');
    for (let i = 0; i < 3; i++) expect((await get(okta, `198.51.100.${i}`)).statusCode).toBe(200);
    const limited = await get(okta, '198.51.100.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toMatchObject({ status: '429', schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'] });
    expect((await get(entra)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await get(okta)).statusCode).toBe(200);
  });

  it('answers 429 to an address past its limit of requests without a valid token, not to other addresses', async () => {
    for (let i = 0; i < 2; i++) expect((await get('fcscim_guess' + i, '192.0.2.1')).statusCode).toBe(401);
    const limited = await get('fcscim_guess3', '192.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('fcscim_guess4', '192.0.2.2')).statusCode).toBe(401);
    // A valid token from the limited address still works: only refusals are counted there.
    expect((await get(await tokenOf('Azure'), '192.0.2.1')).statusCode).toBe(200);
  });
});
