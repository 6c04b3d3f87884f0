import type { FastifyRequest } from 'fastify';
import type { Adapters } from '../../platform/adapters';
import { AppError, RateLimitedError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import type { KeyCallers } from '../identity/auth';
import { keyMayCall } from './api-key-scopes';
import { apiKeyPrincipal, auditApiKeyUse, isApiKey } from './api-keys.service';

/**
 * A dealer group's API key in place of a person's token, for identity's auth (`requireUser`): its scopes decide
 * which routes it reaches, its stocks what it sees; every call is counted against its limit and audited.
 */
export function apiKeyCallers(adapters: Adapters): KeyCallers {
  const limiter = new RateLimiter(adapters.db, adapters.clock, 'api-key', adapters.config.API_KEY_RATE_LIMIT, 60_000);
  return {
    isKey: isApiKey,
    callerOf: async (request: FastifyRequest, secret: string) => {
      const principal = await apiKeyPrincipal(adapters, secret);
      if (!principal) throw new AppError('UNAUTHORIZED', 'This API key is unknown, revoked or expired');
      const hit = await limiter.hit(principal.keyId);
      if (!hit.allowed)
        throw new RateLimitedError('Too many calls with this API key; retry later', hit.retryAfterSeconds);
      const route = request.routeOptions.url ?? request.url;
      if (!keyMayCall(principal.scopes, request.method, route))
        throw new AppError('FORBIDDEN', 'This API key has no scope for this route');
      await auditApiKeyUse(
        adapters,
        principal,
        { method: request.method, route, url: request.url.slice(0, 500) },
        request.ip || null,
      );
      return principal.user;
    },
  };
}
