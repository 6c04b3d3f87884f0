import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { useTestApp } from '../../test/test-app';
import type { UserContext } from '../identity/user-context';
import { loadConfig } from '../../config';
import { accountProfile } from './account.service';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';

describe('the account screen’s API', () => {
  const ctx = useTestApp();

  it('gives the signed-in user their profile: names, e-mail, language, dealer group and stocks by name', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/account',
      headers: await authHeaders(ctx.adapters, SALES),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '0b8e6f1c-6a51-4c1e-9a4f-5d1f2c3a0002',
      email: SALES,
      givenName: 'Lucas',
      familyName: 'Bernard',
      fullName: 'Lucas Bernard',
      locale: 'fr',
      group: { id: 'grp-demo', name: 'Garage Demo Group' },
      stocks: [
        { ownerId: 'own-demo-lyon', name: 'Demo Motors Lyon' },
        { ownerId: 'own-demo-paris', name: 'Demo Motors Paris' },
      ],
      // The embedded provider has no account page unless APP_LINKS names one.
      identityAccountUrl: null,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/account' })).statusCode).toBe(401);
  });

  it('keeps the chosen language with the account, seen at once by the next request; refuses a language the portal does not speak', async () => {
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const put = (locale: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/me/language', headers, payload: { locale } });
    // The user context is cached per process: read it first, so the change must invalidate it.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().locale).toBe('en');
    expect((await put('de')).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().locale).toBe('de');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/account', headers })).json().locale).toBe('de');
    const bad = await put('xx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/users/me/language', payload: { locale: 'fr' } })).statusCode,
    ).toBe(401);
    const row = await ctx.adapters.db
      .selectFrom('users')
      .select('locale')
      .where('email', '=', MANAGER)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('de');
  });
});

describe('the identity provider’s account page', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  beforeAll(async () => {
    adapters = await createTestAdapters({ APP_LINKS: JSON.stringify({ account: 'https://id.example.test/account' }) });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  it('is APP_LINKS.account for the embedded provider’s users', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me/account',
      headers: await authHeaders(adapters, MANAGER),
    });
    expect(res.json().identityAccountUrl).toBe('https://id.example.test/account');
  });

  it('is the external provider’s accountUrl for the users of its domain, and none when it names none', async () => {
    const providers = loadConfig({
      IDENTITY_PROVIDERS: JSON.stringify({
        'partner.test': {
          issuer: 'https://sso.partner.test',
          clientId: 'c',
          audience: 'a',
          accountUrl: 'https://sso.partner.test/account',
        },
        'bare.test': { issuer: 'https://sso.bare.test', clientId: 'c', audience: 'a' },
      }),
    }).IDENTITY_PROVIDERS;
    const account = { db: adapters.db, providers, appLinks: { account: 'https://id.example.test/account' } };
    const user = (email: string): UserContext => ({
      id: 'u',
      email,
      givenName: 'A',
      familyName: 'B',
      locale: 'fr',
      groupId: 'grp-demo',
      habilitations: [],
      roles: [],
      options: {},
      models: [],
      ownerIds: [],
    });
    expect((await accountProfile(account, user('jo@partner.test'))).identityAccountUrl).toBe(
      'https://sso.partner.test/account',
    );
    expect((await accountProfile(account, user('jo@bare.test'))).identityAccountUrl).toBeNull();
    expect(() =>
      loadConfig({
        IDENTITY_PROVIDERS: JSON.stringify({
          'x.test': { issuer: 'https://x.test', clientId: 'c', audience: 'a', accountUrl: 'nope' },
        }),
      }),
    ).toThrow(/IDENTITY_PROVIDERS: x.test.accountUrl/);
  });
});
