import type { WebConfig } from '@forecourt/contracts/web-config';
import { request } from './http';

let cached: Promise<WebConfig> | null = null;

/**
 * The portal's run-time settings, fetched once. The schema (and zod with it) loads with the first call,
 * so that the first screen's bundle does not carry it.
 */
export function getWebConfig(): Promise<WebConfig> {
  cached ??= import('@forecourt/contracts/web-config')
    .then(({ WebConfig }) => request('/api/web-config', { schema: WebConfig, anonymous: true }))
    .catch((err: unknown) => {
      cached = null;
      throw err;
    });
  return cached;
}
