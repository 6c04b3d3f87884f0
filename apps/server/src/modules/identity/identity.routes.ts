import {
  CurrentUser,
  GroupIdResponse,
  IdentityProviderQuery,
  IdentityProviderResponse,
  OwnerLabelsQuery,
  OwnerLabelsResponse,
  UserIdParams,
  UserModelsQuery,
  UserModelsResponse,
  UsernameParams,
  UserOptionsResponse,
  UserOwnersResponse,
} from '@forecourt/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { AppError } from '../../platform/errors';
import { authentication, currentUser, sameSecret, type Auth } from './auth';
import type { ExternalProvider } from '../../config';
import { lookupIdentityProvider } from './identity-providers';
import {
  currentUserOf,
  embeddedDomainInUse,
  groupIdOf,
  ownerLabels,
  userModels,
  userOptions,
  userOwners,
} from './users.service';

export const IDENTITY_API_KEY_HEADER = 'x-api-key';

export async function identityRoutes(
  app: App,
  deps: { adapters: Adapters; auth: Auth; providers: Map<string, ExternalProvider> },
): Promise<void> {
  const { adapters, auth, providers } = deps;
  const { db, config } = adapters;
  const pre = { preHandler: auth.requireUser };

  const requireIdentityKey = authentication(async (request: FastifyRequest) => {
    const key = request.headers[IDENTITY_API_KEY_HEADER];
    if (typeof key !== 'string' || !sameSecret(key, config.IDENTITY_API_KEY)) {
      throw new AppError('UNAUTHORIZED', 'A valid api-key header is required');
    }
  });

  app.get(
    '/identity/identity-providers',
    {
      preHandler: requireIdentityKey,
      schema: { querystring: IdentityProviderQuery, response: { 200: IdentityProviderResponse } },
    },
    async (request) =>
      lookupIdentityProvider(request.query.email, {
        publicUrl: config.PUBLIC_URL,
        providers,
        embeddedDomainExists: (domain) => embeddedDomainInUse(db, domain),
      }),
  );

  app.get('/api/users/me', { ...pre, schema: { response: { 200: CurrentUser } } }, async (request) =>
    currentUserOf(currentUser(request)),
  );

  app.get(
    '/api/users/:id/models',
    { ...pre, schema: { params: UserIdParams, querystring: UserModelsQuery, response: { 200: UserModelsResponse } } },
    async (request) => userModels(currentUser(request), request.params.id, request.query.type),
  );

  app.get(
    '/api/external/legacy/1.28/users/:username/options',
    { ...pre, schema: { params: UsernameParams, response: { 200: UserOptionsResponse } } },
    async (request) => userOptions(currentUser(request), request.params.username),
  );

  app.get(
    '/api/external/legacy/users/:id/owners',
    { ...pre, schema: { params: UserIdParams, response: { 200: UserOwnersResponse } } },
    async (request) => userOwners(db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/external/legacy/users/:id/groupId',
    { ...pre, schema: { params: UserIdParams, response: { 200: GroupIdResponse } } },
    async (request) => groupIdOf(currentUser(request), request.params.id),
  );

  app.get(
    '/api/owners',
    { ...pre, schema: { querystring: OwnerLabelsQuery, response: { 200: OwnerLabelsResponse } } },
    async (request) => ownerLabels(db, currentUser(request), request.query.ids),
  );
}
