import { ScimIdParams, ScimListQuery, ScimPatchBody, ScimUserBody } from '@forecourt/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-types';
import { RateLimiter } from '../../platform/rate-limit';
import type { UserBoardDeps } from '../users/user-board.service';
import { listOf, resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { ScimError, scimErrorBody, scimErrorOf } from './scim-error';
import { scimCallerOf, type ScimCaller } from './scim-tokens.service';
import {
  createUser,
  deleteUser,
  getGroup,
  getUser,
  listGroups,
  listUsers,
  patchGroup,
  patchUser,
  replaceUser,
  scimAuditContext,
  type ScimDeps,
} from './scim.service';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

const callers = new WeakMap<FastifyRequest, ScimCaller>();

const sendError = (reply: FastifyReply, status: number, detail: string, scimType?: ScimError['scimType']) =>
  reply
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send(scimErrorBody(status, detail, scimType));

/**
 * /scim/v2 (RFC 7644): its own scope, so that its errors take the RFC's shape, it reads
 * application/scim+json, and its callers are a dealer group's bearer tokens rather than users.
 */
export async function scimRoutes(app: App, board: UserBoardDeps): Promise<void> {
  const limiter = new RateLimiter(board.db, board.clock, 'scim', board.config.SCIM_RATE_LIMIT, 60_000);
  // Per client address, requests without a valid token: someone trying tokens, or a provider misconfigured,
  // is answered 429 rather than 401 once over the limit, each refusal one counter write.
  const refused = new RateLimiter(board.db, board.clock, 'scim-auth', board.config.SCIM_FAILED_AUTH_LIMIT, 60_000);

  await app.register(
    async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addContentTypeParser(
        ['application/scim+json'],
        { parseAs: 'string' },
        scope.getDefaultJsonParser('error', 'error'),
      );

      scope.addHook('onRequest', async (request, reply) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        const caller = match ? await scimCallerOf(board, match[1]!) : null;
        if (!caller) {
          const miss = await refused.hit(request.ip || 'unknown');
          if (!miss.allowed) {
            reply.header('Retry-After', String(miss.retryAfterSeconds));
            return sendError(reply, 429, 'Too many requests without a valid token from this address; retry later');
          }
          reply.header('WWW-Authenticate', 'Bearer realm="scim"');
          return sendError(reply, 401, 'A valid SCIM bearer token of the dealer group is required');
        }
        const hit = await limiter.hit(caller.tokenId);
        if (!hit.allowed) {
          reply.header('Retry-After', String(hit.retryAfterSeconds));
          return sendError(reply, 429, 'Too many requests with this token; retry later');
        }
        callers.set(request, caller);
      });

      scope.addHook('onSend', async (_request, reply, payload) => {
        if (payload !== undefined && payload !== null && payload !== '') reply.type(SCIM_CONTENT_TYPE);
        return payload;
      });

      scope.setErrorHandler((err, request, reply) => {
        if (hasZodFastifySchemaValidationErrors(err)) {
          const issue = err.validation[0];
          const where = issue?.instancePath ?? '';
          return sendError(
            reply,
            400,
            `The request is not valid${where ? ` at ${where}` : ''}: ${issue?.message ?? ''}`,
            'invalidValue',
          );
        }
        const scim = scimErrorOf(err);
        if (scim) return reply.status(scim.status).type(SCIM_CONTENT_TYPE).send(scim.body);
        const status = (err as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500)
          return sendError(reply, status, (err as Error).message, status === 400 ? 'invalidSyntax' : undefined);
        request.log.error(err);
        return sendError(reply, 500, 'An internal error occurred');
      });

      scope.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'No such SCIM endpoint'));

      const deps = (request: FastifyRequest): ScimDeps => {
        const caller = callers.get(request)!;
        return { ...board, caller, audit: scimAuditContext(caller, request.ip || null) };
      };
      const base = `${board.config.PUBLIC_URL}/scim/v2`;
      const hide = { hide: true };
      const notImplemented = async (_request: FastifyRequest, reply: FastifyReply) =>
        sendError(
          reply,
          501,
          'Groups are the roles of the product and cannot be created, replaced or deleted; add or remove members with PATCH',
        );

      scope.get('/ServiceProviderConfig', { schema: hide }, async () => serviceProviderConfig(base));
      scope.get('/ResourceTypes', { schema: hide }, async () => listOf(resourceTypes(base)));
      scope.get('/ResourceTypes/:id', { schema: { ...hide, params: ScimIdParams } }, async (request) => {
        const found = resourceTypes(base).find((r) => r.id === request.params.id);
        if (!found) throw new ScimError(404, 'ResourceType not found');
        return found;
      });
      scope.get('/Schemas', { schema: hide }, async () => listOf(schemas(base)));
      scope.get('/Schemas/:id', { schema: { ...hide, params: ScimIdParams } }, async (request) => {
        const found = schemas(base).find((s) => s.id === request.params.id);
        if (!found) throw new ScimError(404, 'Schema not found');
        return found;
      });

      scope.get('/Users', { schema: { ...hide, querystring: ScimListQuery } }, async (request) =>
        listUsers(deps(request), request.query),
      );
      scope.get('/Users/:id', { schema: { ...hide, params: ScimIdParams } }, async (request) =>
        getUser(deps(request), request.params.id),
      );
      scope.post('/Users', { schema: { ...hide, body: ScimUserBody } }, async (request, reply) => {
        const user = await createUser(deps(request), request.body);
        return reply.status(201).header('Location', user.meta.location).send(user);
      });
      scope.put('/Users/:id', { schema: { ...hide, params: ScimIdParams, body: ScimUserBody } }, async (request) =>
        replaceUser(deps(request), request.params.id, request.body),
      );
      scope.patch('/Users/:id', { schema: { ...hide, params: ScimIdParams, body: ScimPatchBody } }, async (request) =>
        patchUser(deps(request), request.params.id, request.body),
      );
      scope.delete('/Users/:id', { schema: { ...hide, params: ScimIdParams } }, async (request, reply) => {
        await deleteUser(deps(request), request.params.id);
        return reply.status(204).send();
      });

      scope.get('/Groups', { schema: { ...hide, querystring: ScimListQuery } }, async (request) =>
        listGroups(deps(request), request.query),
      );
      scope.get(
        '/Groups/:id',
        { schema: { ...hide, params: ScimIdParams, querystring: ScimListQuery } },
        async (request) => getGroup(deps(request), request.params.id, request.query),
      );
      scope.patch('/Groups/:id', { schema: { ...hide, params: ScimIdParams, body: ScimPatchBody } }, async (request) =>
        patchGroup(deps(request), request.params.id, request.body),
      );
      scope.post('/Groups', { schema: hide }, notImplemented);
      scope.put('/Groups/:id', { schema: hide }, notImplemented);
      scope.delete('/Groups/:id', { schema: hide }, notImplemented);
    },
    { prefix: '/scim/v2' },
  );
}
