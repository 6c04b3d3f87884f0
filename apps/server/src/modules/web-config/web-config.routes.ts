import { WebConfig } from '@forecourt/contracts';
import { ClippingCredentials } from '@forecourt/contracts/web-config';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Auth } from '../identity/auth';
import { API_AUDIENCE, PORTAL_CLIENT_ID } from '../identity/portal-client';

/**
 * The footer's mobile app-store links (spec section 2) when APP_LINKS does not name the app's own pages:
 * the stores' search for the Forecourt app, so the footer always offers them.
 */
export const DEFAULT_STORE_LINKS = {
  appStore: 'https://apps.apple.com/search?term=Forecourt',
  googlePlay: 'https://play.google.com/store/search?q=Forecourt&c=apps',
} as const;

/**
 * Public run-time settings of the portal, for anyone. The api keys and the client id identify the portal
 * as a client (as the spec's api-key header does): they are public identifiers, not secrets, and grant
 * nothing without a user's bearer token. The clipping service's credentials go to signed-in users only.
 */
export async function webConfigRoutes(app: App, deps: { config: Config; auth: Auth }): Promise<void> {
  const appLinks = { ...DEFAULT_STORE_LINKS, ...deps.config.APP_LINKS };
  app.get('/api/web-config', { schema: { response: { 200: WebConfig } } }, async () => ({
    version: '1.17.0',
    apiKey: deps.config.API_KEY,
    identityApiKey: deps.config.IDENTITY_API_KEY,
    oidcClientId: PORTAL_CLIENT_ID,
    apiAudience: API_AUDIENCE,
    brandLogoUrl: deps.config.BRAND_LOGO_URL,
    appLinks,
    legal: { publisher: deps.config.LEGAL_PUBLISHER, contact: deps.config.LEGAL_CONTACT },
  }));
  app.get(
    '/api/web-config/clipping',
    { preHandler: deps.auth.requireUser, schema: { response: { 200: ClippingCredentials } } },
    async () => ({
      authorization: `Basic ${Buffer.from(`${deps.config.CLIPPING_USER}:${deps.config.CLIPPING_PASSWORD}`).toString('base64')}`,
    }),
  );
}
