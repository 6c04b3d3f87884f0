import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Adapters } from '../../platform/adapters';
import { AppError, RateLimitedError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import { hasOption } from '@forecourt/contracts';
import { keyMayCall } from '../api-keys/api-key-scopes';
import { apiKeyPrincipal, auditApiKeyUse, isApiKey } from '../api-keys/api-keys.service';
import type { UserContext } from './user-context';
import { createTokenCache } from './token-cache';
import { createUserContextCache, type OwnerListVersions } from './user-context-cache';
import { verifyBearer, type TrustedIssuer } from './token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserContext | null;
    /** The shootings list versions of the caller's owners, read with its context (routes with readsOwnerLists). */
    ownerListVersions?: string | null;
  }
  interface FastifyContextConfig {
    /** The route lists shootings: authentication reads the list versions with the caller's context, in one statement. */
    readsOwnerLists?: boolean;
  }
}

export const API_KEY_HEADER = 'x-api-key';

export const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface Auth {
  /** preHandler: a valid bearer token and, for the main API, the api-key header. Sets request.user. */
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** preHandler for the second API client: a valid bearer token, no api-key. */
  requireBearer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** preHandler for the clipping service: basic auth with the configured service account. */
  requireClipping: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The signed-in caller of a request that passed an auth preHandler. */
export const currentUser = (request: FastifyRequest): UserContext => {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign-in required');
  return request.user;
};

export const requireOption = (user: UserContext, name: string): void => {
  if (!hasOption(user.options, name)) throw new AppError('FORBIDDEN', `Your account does not have the ${name} option`);
};

const AUTHENTICATES = Symbol('authenticates');
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Marks a route hook as authentication, so that `authenticateFirst` runs it before validation. */
export const authentication = <T extends Hook>(hook: T): T => Object.assign(hook, { [AUTHENTICATES]: true });

/**
 * onRoute hook: a route's authentication hooks, given as its preHandler like any other, run before the
 * request is validated instead (preValidation), so an anonymous caller's invalid request is answered 401
 * like a valid one and learns nothing of the route's schemas.
 */
export function authenticateFirst(route: RouteOptions): void {
  const hooks = [route.preHandler ?? []].flat() as Hook[];
  const first = hooks.filter((h) => AUTHENTICATES in h);
  if (!first.length) return;
  route.preHandler = hooks.filter((h) => !(AUTHENTICATES in h));
  route.preValidation = [...first, ...([route.preValidation ?? []].flat() as Hook[])];
}

export function createAuth(adapters: Adapters, issuers: () => TrustedIssuer[]): Auth {
  const { config, db } = adapters;
  const verified = createTokenCache();
  const userContextOf = createUserContextCache(db);

  const bearer = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'Sign-in required');
    const claims = await verified(match[1]!, (token) => verifyBearer(token, issuers()));
    const domains = issuers().find((i) => i.issuer === claims.iss)?.domains;
    const email = claims.email?.toLowerCase() ?? '';
    const lists: OwnerListVersions | undefined = request.routeOptions.config?.readsOwnerLists
      ? { versions: null }
      : undefined;
    // An external issuer names its own users: only its domains' e-mails map to Forecourt accounts.
    const user = domains
      ? domains.includes(email.slice(email.lastIndexOf('@') + 1))
        ? await userContextOf({ email }, lists)
        : null
      : ((claims.preferred_username ? await userContextOf({ id: claims.preferred_username }, lists) : null) ??
        (claims.email ? await userContextOf({ email: claims.email }, lists) : null));
    if (!user) throw new AppError('UNAUTHORIZED', 'This account is not known to Forecourt');
    request.user = user;
    if (lists) request.ownerListVersions = lists.versions;
  };

  const keyLimiter = new RateLimiter(db, adapters.clock, 'api-key', config.API_KEY_RATE_LIMIT, 60_000);

  // A dealer group's API key (modules/api-keys) in place of a person's token: its scopes decide which
  // routes it reaches, its stocks what it sees; every call is counted against its limit and audited.
  const keyCaller = async (request: FastifyRequest, secret: string): Promise<void> => {
    const principal = await apiKeyPrincipal(adapters, secret);
    if (!principal) throw new AppError('UNAUTHORIZED', 'This API key is unknown, revoked or expired');
    const hit = await keyLimiter.hit(principal.keyId);
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
    request.user = principal.user;
  };

  return {
    requireUser: authentication(async (request) => {
      const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (presented && isApiKey(presented)) return keyCaller(request, presented);
      const key = request.headers[API_KEY_HEADER];
      if (typeof key !== 'string' || !sameSecret(key, config.API_KEY)) {
        throw new AppError('UNAUTHORIZED', 'A valid api-key header is required');
      }
      await bearer(request);
    }),
    requireBearer: authentication(bearer),
    requireClipping: authentication(async (request) => {
      const header = request.headers.authorization ?? '';
      const match = /^Basic\s+(\S+)$/i.exec(header);
      const [user, pass] = match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':', 2) : [];
      if (!user || !pass || !sameSecret(user, config.CLIPPING_USER) || !sameSecret(pass, config.CLIPPING_PASSWORD)) {
        throw new AppError('UNAUTHORIZED', 'Basic authentication required');
      }
    }),
  };
}
