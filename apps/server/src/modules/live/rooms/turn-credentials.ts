import { createHmac } from 'node:crypto';
import type { IceServer } from '@forecourt/contracts';

export interface TurnSettings {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

/**
 * Time-limited TURN credentials in the TURN REST scheme that coturn checks with `use-auth-secret`: the
 * username is `<expiry>:<participant>` (expiry in seconds since the epoch), the credential
 * base64(HMAC-SHA1(secret, username)). coturn needs nothing but the shared secret; a leaked pair stops
 * working at its expiry.
 */
export function turnCredentials(settings: TurnSettings, participant: string, nowMs: number): IceServer {
  const username = `${Math.floor(nowMs / 1000) + settings.ttlSeconds}:${participant}`;
  const credential = createHmac('sha1', settings.secret).update(username).digest('base64');
  return { urls: settings.urls, username, credential };
}
