import { WebConfig } from '@forecourt/contracts';
import { request } from './http';

let cached: Promise<WebConfig> | null = null;

/** The portal's run-time settings, fetched once. */
export function getWebConfig(): Promise<WebConfig> {
  cached ??= request('/api/web-config', { schema: WebConfig }).catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}
