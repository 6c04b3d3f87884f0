import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { createTestAdapters } from '../../test/test-adapters';

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
});
