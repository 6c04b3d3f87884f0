import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';

const MANAGER = demoUser('manager@demo.forecourt.test');
const SALES = demoUser('sales@demo.forecourt.test');
const OTHER = demoUser('other@other-dealer.forecourt.test');

describe('identity lookup and user calls', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  const external = {
    issuer: 'https://sso.partner.test/realms/dealers',
    clientId: 'forecourt',
    audience: 'forecourt-api',
  };
  beforeAll(async () => {
    adapters = await createTestAdapters({ IDENTITY_PROVIDERS: JSON.stringify({ 'partner.test': external }) });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  const lookup = (email: string, key = adapters.config.IDENTITY_API_KEY) =>
    app.inject({
      method: 'GET',
      url: `/identity/identity-providers?email=${encodeURIComponent(email)}`,
      headers: { 'x-api-key': key },
    });
  const get = async (url: string, email = MANAGER.email) =>
    app.inject({ method: 'GET', url, headers: await authHeaders(adapters, email) });

  it('answers the embedded provider for a Forecourt account', async () => {
    const res = await lookup(' Manager@Demo.Forecourt.test ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providerType: 'EMBEDDED',
      issuer: `${adapters.config.PUBLIC_URL}/oidc`,
      clientId: 'forecourt-portal',
      audience: 'urn:forecourt:api',
      scope: 'openid profile email offline_access api',
      domain: 'demo.forecourt.test',
    });
  });

  it('answers the configured external issuer for its domain', async () => {
    const res = await lookup('someone@partner.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ providerType: 'OIDC', ...external, domain: 'partner.test' });
  });

  it('answers by domain: an address without an account gets the same answer as one with', async () => {
    const known = await lookup('manager@demo.forecourt.test');
    const unknown = await lookup('nobody@demo.forecourt.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('answers a clear 400 for a malformed e-mail or an unknown domain, and 401 without the key', async () => {
    for (const email of ['not-an-email', '', 'a@b', 'x@@y.test']) {
      const res = await lookup(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The e-mail address is not valid' });
    }
    const unknown = await lookup('nobody@unknown-dealer.test');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { reason: 'UNKNOWN_EMAIL' } });
    expect((await lookup('manager@demo.forecourt.test', 'wrong-key-123')).statusCode).toBe(401);
    const missing = await app.inject({
      method: 'GET',
      url: '/identity/identity-providers',
      headers: { 'x-api-key': adapters.config.IDENTITY_API_KEY },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toContain('    at ');
  });

  it('returns the current user', async () => {
    const res = await get('/api/users/me', SALES.email);
    expect(res.json()).toEqual({
      id: SALES.id,
      email: SALES.email,
      givenName: 'Lucas',
      familyName: 'Bernard',
      fullName: 'Lucas Bernard',
      locale: 'fr',
      groupId: 'grp-demo',
      habilitations: ['SALES'],
      roles: [],
    });
  });

  it('returns the user models, filtered by type', async () => {
    const all = await get(`/api/users/${MANAGER.id}/models`);
    expect(all.json()).toHaveLength(4);
    const some = await get(`/api/users/${MANAGER.id}/models?type=INSPECT_REPAIR_ORDER,INSPECT`);
    expect(
      some
        .json<Array<{ modelType: string }>>()
        .map((m) => m.modelType)
        .sort(),
    ).toEqual(['INSPECT', 'INSPECT_REPAIR_ORDER']);
    const sales = await get(
      `/api/users/${SALES.id}/models?type=INSPECT_REPAIR_ORDER,INSPECT,PROCESS,VIDEO`,
      SALES.email,
    );
    expect(
      sales
        .json<Array<{ modelType: string }>>()
        .map((m) => m.modelType)
        .sort(),
    ).toEqual(['PROCESS', 'VIDEO']);
    expect((await get(`/api/users/${MANAGER.id}/models?type=BOGUS`)).statusCode).toBe(400);
  });

  it('returns the options as name/value pairs', async () => {
    const res = await get(`/api/external/legacy/1.28/users/${SALES.id}/options`, SALES.email);
    const options = Object.fromEntries(
      res.json<Array<{ name: string; value: unknown }>>().map((o) => [o.name, o.value]),
    );
    expect(options).toMatchObject({ useVideoLive: false, useSendEmail: true, vehicleIdentificationMethods: [] });
  });

  it('returns the owners the user reaches, the labels of reachable owners only, and the group', async () => {
    const owners = await get(`/api/external/legacy/users/${SALES.id}/owners`, SALES.email);
    expect(
      owners
        .json<Array<{ id: string }>>()
        .map((o) => o.id)
        .sort(),
    ).toEqual(['own-demo-lyon', 'own-demo-paris']);
    const labels = await get('/api/owners?ids=own-demo-paris,own-demo-lille,own-other-bordeaux');
    expect(labels.json()).toEqual(
      expect.arrayContaining([
        { ownerId: 'own-demo-paris', label: 'Paris' },
        { ownerId: 'own-demo-lille', label: 'own-demo-lille' },
      ]),
    );
    expect(labels.json()).toHaveLength(2);
    const group = await get(`/api/external/legacy/users/${OTHER.id}/groupId`, OTHER.email);
    expect(group.json()).toEqual({ groupId: 'grp-other' });
  });

  it("answers 404 for another user's records", async () => {
    for (const url of [
      `/api/users/${SALES.id}/models`,
      `/api/external/legacy/1.28/users/${SALES.id}/options`,
      `/api/external/legacy/users/${OTHER.id}/owners`,
      `/api/external/legacy/users/${OTHER.id}/groupId`,
    ]) {
      const res = await get(url, MANAGER.email);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});
