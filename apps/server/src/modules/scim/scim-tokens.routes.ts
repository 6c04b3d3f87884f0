import {
  GroupParams,
  ScimToken,
  ScimTokenCreate,
  ScimTokenCreated,
  ScimTokenParams,
  ScimTokensResponse,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { createGroupScimToken, listGroupScimTokens, revokeGroupScimToken } from './scim-tokens.service';

/** /api/settings/groups/:groupId/scim-tokens: a group's SCIM tokens (provider administrators). */
export async function scimTokenRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/scim-tokens';

  app.get(base, { ...pre, schema: { params: GroupParams, response: { 200: ScimTokensResponse } } }, async (req) => ({
    items: await listGroupScimTokens(adapters, currentUser(req), req.params.groupId),
  }));
  app.post(
    base,
    { ...pre, schema: { params: GroupParams, body: ScimTokenCreate, response: { 201: ScimTokenCreated } } },
    async (req, reply) => {
      const user = currentUser(req);
      const created = await createGroupScimToken(
        adapters,
        user,
        req.params.groupId,
        req.body.label,
        auditContextOf(req, user),
      );
      return reply.status(201).send(created);
    },
  );
  app.delete(
    `${base}/:tokenId`,
    { ...pre, schema: { params: ScimTokenParams, response: { 200: ScimToken } } },
    async (req) => {
      const user = currentUser(req);
      return revokeGroupScimToken(adapters, user, req.params.groupId, req.params.tokenId, auditContextOf(req, user));
    },
  );
}
