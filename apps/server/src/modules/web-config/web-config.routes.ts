import { APP_LINK_NAMES, WebConfig } from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app';
import type { Config } from '../../config';
import { PORTAL_CLIENT_ID } from '../identity/oidc/provider';
import { API_AUDIENCE } from '../identity/signing-keys';

const AppLinks = z.partialRecord(z.enum(APP_LINK_NAMES), z.url());

/** APP_LINKS: JSON of entry name to URL. A bad value stops the start naming the setting. */
export function parseAppLinks(json: string | undefined): z.infer<typeof AppLinks> {
  if (!json) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('Invalid setting APP_LINKS: not JSON');
  }
  const parsed = AppLinks.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid setting APP_LINKS: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/**
 * The footer's mobile app-store links (spec section 2) when APP_LINKS does not name the app's own pages:
 * the stores' search for the Forecourt app, so the footer always offers them.
 */
export const DEFAULT_STORE_LINKS = {
  appStore: 'https://apps.apple.com/search?term=Forecourt',
  googlePlay: 'https://play.google.com/store/search?q=Forecourt&c=apps',
} as const;

/**
 * Public run-time settings of the portal. The api keys identify the portal as a client (as the spec's
 * api-key header does); they are not secrets, user access always needs a bearer token too.
 */
export async function webConfigRoutes(app: App, deps: { config: Config }): Promise<void> {
  const appLinks = { ...DEFAULT_STORE_LINKS, ...parseAppLinks(deps.config.APP_LINKS) };
  app.get('/api/web-config', { schema: { response: { 200: WebConfig } } }, async () => ({
    version: '1.17.0',
    apiKey: deps.config.API_KEY,
    identityApiKey: deps.config.IDENTITY_API_KEY,
    oidcClientId: PORTAL_CLIENT_ID,
    apiAudience: API_AUDIENCE,
    clippingAuthorization: `Basic ${Buffer.from(`${deps.config.CLIPPING_USER}:${deps.config.CLIPPING_PASSWORD}`).toString('base64')}`,
    brandLogoUrl: deps.config.BRAND_LOGO_URL,
    appLinks,
  }));
}
