import { createHmac } from 'node:crypto';
import type { MarketplaceExportFormat } from '@forecourt/contracts';
import { sameSecret } from '../identity/auth';

/** What a signed export link opens: one shooting's export for one profile, in one format, until `exp` (seconds). */
export interface ExportLink {
  shootingId: string;
  ownerId: string;
  profileId: string;
  format: MarketplaceExportFormat;
  exp: number;
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** `<payload>.<HMAC-SHA256>`, both base64url: the link carries what it opens, the server keeps no row of it. */
export const signExportLink = (secret: string, link: ExportLink): string => {
  const body = Buffer.from(JSON.stringify(link)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
};

/** The link's content, or null when it is forged, damaged or expired at `nowSeconds`. */
export function verifyExportLink(secret: string, token: string, nowSeconds: number): ExportLink | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !sameSecret(signature, mac(secret, body))) return null;
  try {
    const link = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExportLink;
    return typeof link.exp === 'number' && link.exp > nowSeconds ? link : null;
  } catch {
    return null;
  }
}
