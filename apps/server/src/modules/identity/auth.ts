import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Adapters } from '../../platform/adapters';
import { AppError } from '../../platform/errors';
import type { Auth } from '../module';
import { hasOption } from '@forecourt/contracts';
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

// The shape of the token checks is the frame's (modules/module.ts); identity builds them (createAuth).
export type { Auth };

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

/**
/**
 * The check of a dealer group's API key presented as a bearer token, which the api-keys module provides
 * (`apiKeyCallers`) and the composition root (modules/index.ts) hands to createAuth: api-keys build on identity,
 * so identity never imports them.
 */
export interface KeyCallers {
  /** Whether a bearer token is an API key rather than a person's token. */
  isKey(token: string): boolean;
  /** The caller a key stands for on this request, once it is known, within its limit, allowed the route and audited. */
  callerOf(request: FastifyRequest, key: string): Promise<UserContext>;
}

/**
 * Called once per fresh token of an external issuer for an address of its domains (a sign-in or a refresh,
 * not each request: verified tokens are cached), before the account is read: where just-in-time accounts
 * and claim-mapped roles come from (modules/federation). Throwing refuses the request.
 */
export type ExternalSignInHook = (input: {
  email: string;
  claims: Record<string, unknown>;
  clientAddress: string | null;
}) => Promise<void>;

/** What modules built on identity add to the token checks, handed in by the composition root (modules/index.ts). */
export interface AuthHooks {
  keys?: KeyCallers;
  externalSignIn?: ExternalSignInHook;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export function createAuth(
  adapters: Adapters,
  issuers: () => TrustedIssuer[],
  { keys, externalSignIn }: AuthHooks = {},
): Auth {
  const { config, db } = adapters;
  const verified = createTokenCache();
  const userContextOf = createUserContextCache(db);

  const bearer = async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'Sign-in required');
    const claims = await verified(match[1]!, async (token) => {
      const fresh = await verifyBearer(token, issuers());
      const vouched = issuers().find((i) => i.issuer === fresh.iss)?.domains;
      const address = fresh.email?.toLowerCase() ?? '';
      if (externalSignIn && vouched?.includes(domainOf(address)))
        await externalSignIn({ email: address, claims: fresh, clientAddress: request.ip || null });
      return fresh;
    });
    const domains = issuers().find((i) => i.issuer === claims.iss)?.domains;
    const email = claims.email?.toLowerCase() ?? '';
    const lists: OwnerListVersions | undefined = request.routeOptions.config?.readsOwnerLists
      ? { versions: null }
      : undefined;
    // An external issuer names its own users: only its domains' e-mails map to Forecourt accounts.
    const user = domains
      ? domains.includes(domainOf(email))
        ? await userContextOf({ email }, lists)
        : null
      : ((claims.preferred_username ? await userContextOf({ id: claims.preferred_username }, lists) : null) ??
        (claims.email ? await userContextOf({ email: claims.email }, lists) : null));
    if (!user) throw new AppError('UNAUTHORIZED', 'This account is not known to Forecourt');
    request.user = user;
    if (lists) request.ownerListVersions = lists.versions;
  };

  return {
    requireUser: authentication(async (request) => {
      const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (presented && keys?.isKey(presented)) {
        request.user = await keys.callerOf(request, presented);
        return;
      }
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
