import { createHash, randomBytes } from 'node:crypto';

/**
 * A new bearer secret (an invitation link's token, an API key, a SCIM token): 256 random bits in base64url, after
 * a prefix that makes a leaked one recognisable to secret scanners and to whoever finds it in a log.
 */
export const newBearerToken = (prefix = ''): string => prefix + randomBytes(32).toString('base64url');

/** What the database keeps of a bearer secret: its SHA-256, so that a copy of the table opens nothing. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A credential's last_used_at is written at most this often, not on every call of a burst. */
export const TOUCH_EVERY_MS = 60_000;

/** Whether a credential last marked used at `lastUsedAt` is due to be marked again. */
export const touchDue = (lastUsedAt: string | null, now: Date): boolean =>
  !lastUsedAt || now.getTime() - Date.parse(lastUsedAt) >= TOUCH_EVERY_MS;
