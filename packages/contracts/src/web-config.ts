import { z } from 'zod';

/**
 * Drawer and footer entries that open another application. `account` is the embedded identity provider's
 * account page, which the account screen links to.
 */
export const APP_LINK_NAMES = [
  'userBoard',
  'dms',
  'cashBuyback',
  'demo',
  'faq',
  'tutorials',
  'account',
  'settings',
  'contact',
  'termsOfSales',
  'appStore',
  'googlePlay',
] as const;
export type AppLinkName = (typeof APP_LINK_NAMES)[number];

/** What the portal needs to know at run time before anyone signs in. */
export const WebConfig = z.object({
  version: z.string(),
  apiKey: z.string(),
  identityApiKey: z.string(),
  oidcClientId: z.string(),
  apiAudience: z.string(),
  /** The custom brand logo of the header; the default logo when absent. */
  brandLogoUrl: z.string().optional(),
  /** URLs of the other applications the drawer and footer link to, by entry name; the drawer hides the entries without one. */
  appLinks: z.partialRecord(z.enum(APP_LINK_NAMES), z.string()).default({}),
  /** The legal notice's publisher and contact (an e-mail address or a URL), as the deployment sets them. */
  legal: z.object({ publisher: z.string().optional(), contact: z.string().optional() }).default({}),
});
export type WebConfig = z.infer<typeof WebConfig>;

/**
 * `GET /api/web-config/clipping`, for a signed-in user only: the clipping service's basic Authorization
 * value. Its calls carry the user's bearer token as well, so it grants nothing alone.
 */
export const ClippingCredentials = z.object({ authorization: z.string() });
export type ClippingCredentials = z.infer<typeof ClippingCredentials>;
