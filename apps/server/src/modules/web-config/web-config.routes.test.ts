import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createTestAdapters } from '../../test/test-adapters';
import { parseAppLinks } from './web-config.routes';

describe('GET /api/web-config', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  beforeAll(async () => {
    adapters = await createTestAdapters({ APP_LINKS: JSON.stringify({ faq: 'https://help.example.test/faq' }), BRAND_LOGO_URL: 'https://cdn.example.test/logo.svg' });
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
    });
  });

  it('always gives the footer its app-store links: the stores by default, the configured pages otherwise', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/web-config' })).json().appLinks).toEqual({
      faq: 'https://help.example.test/faq',
      appStore: 'https://apps.apple.com/search?term=Forecourt',
      googlePlay: 'https://play.google.com/store/search?q=Forecourt&c=apps',
    });
    const own = await createTestAdapters({ APP_LINKS: JSON.stringify({ appStore: 'https://apps.apple.com/app/id123' }) });
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

  it('refuses a bad APP_LINKS naming the setting', () => {
    expect(() => parseAppLinks('{nope')).toThrow('Invalid setting APP_LINKS: not JSON');
    expect(() => parseAppLinks('{"faq":"not a url"}')).toThrow(/Invalid setting APP_LINKS: faq/);
    expect(() => parseAppLinks('{"unknown":"https://x.test"}')).toThrow(/Invalid setting APP_LINKS/);
  });
});
