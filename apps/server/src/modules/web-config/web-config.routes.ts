import { WebConfig } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import { PORTAL_CLIENT_ID } from '../identity/oidc/provider';
import { API_AUDIENCE } from '../identity/signing-keys';

/**
 * Public run-time settings of the portal. The api keys identify the portal as a client (as the spec's
 * api-key header does); they are not secrets, user access always needs a bearer token too.
 */
export async function webConfigRoutes(app: App, deps: { config: Config }): Promise<void> {
  app.get('/api/web-config', { schema: { response: { 200: WebConfig } } }, async () => ({
    version: '1.17.0',
    apiKey: deps.config.API_KEY,
    identityApiKey: deps.config.IDENTITY_API_KEY,
    oidcClientId: PORTAL_CLIENT_ID,
    apiAudience: API_AUDIENCE,
    clippingAuthorization: `Basic ${Buffer.from(`${deps.config.CLIPPING_USER}:${deps.config.CLIPPING_PASSWORD}`).toString('base64')}`,
    brandLogoUrl: deps.config.BRAND_LOGO_URL,
    appLinks: deps.config.APP_LINKS,
  }));
}
