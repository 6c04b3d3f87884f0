import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { loadConfig } from '../../config';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';

describe('GET /api/web-config', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  beforeAll(async () => {
    adapters = await createTestAdapters({
      APP_LINKS: JSON.stringify({ faq: 'https://help.example.test/faq' }),
      BRAND_LOGO_URL: 'https://cdn.example.test/logo.svg',
      LEGAL_PUBLISHER: 'Forecourt SAS, 12 rue de la Paix, 75002 Paris',
      LEGAL_CONTACT: 'legal@forecourt.example',
    });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  it('gives the portal its client, version, brand logo and the configured links of other applications', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/web-config' });
    expect(res.json()).toMatchObject({
      version: '1.17.0',
      oidcClientId: 'forecourt-portal',
      apiAudience: 'urn:forecourt:api',
      brandLogoUrl: 'https://cdn.example.test/logo.svg',
      appLinks: { faq: 'https://help.example.test/faq' },
      legal: { publisher: 'Forecourt SAS, 12 rue de la Paix, 75002 Paris', contact: 'legal@forecourt.example' },
    });
  });

  it('refuses a legal contact that is neither an e-mail address nor a web address', async () => {
    expect(() => loadConfig({ LEGAL_CONTACT: 'the form in the menu' })).toThrow(/LEGAL_CONTACT/);
    expect(loadConfig({ LEGAL_CONTACT: 'https://forecourt.example/contact' }).LEGAL_CONTACT).toBe(
      'https://forecourt.example/contact',
    );
  });

  it('gives the clipping credentials to a signed-in user only', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/web-config' });
    expect(anonymous.body).not.toContain(
      Buffer.from(`${adapters.config.CLIPPING_USER}:${adapters.config.CLIPPING_PASSWORD}`).toString('base64'),
    );
    expect(anonymous.body).not.toMatch(/Basic /);
    expect((await app.inject({ method: 'GET', url: '/api/web-config/clipping' })).statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/web-config/clipping',
      headers: await authHeaders(adapters, 'sales@demo.forecourt.test'),
    });
    expect(signedIn.statusCode).toBe(200);
    const basic = Buffer.from(signedIn.json().authorization.replace(/^Basic /, ''), 'base64').toString();
    expect(basic).toBe(`${adapters.config.CLIPPING_USER}:${adapters.config.CLIPPING_PASSWORD}`);
  });

  it('hands out keys that grant nothing alone', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/web-config' })).json<{
      apiKey: string;
      identityApiKey: string;
      oidcClientId: string;
    }>();
    const clipping = (
      await app.inject({
        method: 'GET',
        url: '/api/web-config/clipping',
        headers: await authHeaders(adapters, 'sales@demo.forecourt.test'),
      })
    ).json<{ authorization: string }>();
    // The api keys, as header or as both, open no data call without a user's token.
    for (const headers of [{ 'x-api-key': config.apiKey }, { 'x-api-key': config.identityApiKey }]) {
      for (const url of ['/api/users/me', '/api/shootings', '/api/notifications/outbox']) {
        expect({ url, status: (await app.inject({ method: 'GET', url, headers })).statusCode }).toEqual({
          url,
          status: 401,
        });
      }
    }
    // The identity key answers the lookup, which tells the provider of a domain and nothing about accounts.
    const lookup = await app.inject({
      method: 'GET',
      url: '/identity/identity-providers?email=nobody@demo.forecourt.test',
      headers: { 'x-api-key': config.identityApiKey },
    });
    expect(Object.keys(lookup.json()).sort()).toEqual([
      'audience',
      'clientId',
      'domain',
      'issuer',
      'providerType',
      'scope',
    ]);
    // The clipping credentials, without a user's token, open none of its calls.
    const clippingCall = await app.inject({
      method: 'POST',
      url: '/clipping/api/V1/shootings/s/images/i/verifications',
      headers: { authorization: clipping.authorization },
    });
    expect(clippingCall.statusCode).toBe(401);
    // The client id is a public client's: without a user's code and its PKCE verifier, no token.
    const token = await app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: config.oidcClientId, grant_type: 'client_credentials' }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).not.toHaveProperty('access_token');
  });

  it('always gives the footer its app-store links: the stores by default, the configured pages otherwise', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/web-config' })).json().appLinks).toEqual({
      faq: 'https://help.example.test/faq',
      appStore: 'https://apps.apple.com/search?term=Forecourt',
      googlePlay: 'https://play.google.com/store/search?q=Forecourt&c=apps',
    });
    const own = await createTestAdapters({
      APP_LINKS: JSON.stringify({ appStore: 'https://apps.apple.com/app/id123' }),
    });
    const ownApp = await buildApp(own);
    try {
      expect((await ownApp.inject({ method: 'GET', url: '/api/web-config' })).json().appLinks).toEqual({
        appStore: 'https://apps.apple.com/app/id123',
        googlePlay: 'https://play.google.com/store/search?q=Forecourt&c=apps',
      });
    } finally {
      await ownApp.close();
      await own.cleanup();
    }
  });
});
