import {
  ApiKey,
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyParams,
  ApiKeysResponse,
  ApiKeyStocks,
  GroupParams,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { createGroupApiKey, listGroupApiKeys, revokeGroupApiKey } from './api-keys.service';
import { keyStockChoices } from './integrations-access';

/** /api/settings/groups/:groupId/api-keys: a group's API keys (the settings' administrators, the group's managers). */
export async function apiKeyRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/api-keys';

  app.get(base, { ...pre, schema: { params: GroupParams, response: { 200: ApiKeysResponse } } }, async (req) =>
    listGroupApiKeys(adapters, currentUser(req), req.params.groupId),
  );
  app.get(`${base}/stocks`, { ...pre, schema: { params: GroupParams, response: { 200: ApiKeyStocks } } }, async (req) =>
    keyStockChoices(adapters, currentUser(req), req.params.groupId),
  );
  app.post(
    base,
    { ...pre, schema: { params: GroupParams, body: ApiKeyCreate, response: { 201: ApiKeyCreated } } },
    async (req, reply) => {
      const user = currentUser(req);
      const created = await createGroupApiKey(adapters, user, req.params.groupId, req.body, auditContextOf(req, user));
      return reply.status(201).send(created);
    },
  );
  app.delete(`${base}/:keyId`, { ...pre, schema: { params: ApiKeyParams, response: { 200: ApiKey } } }, async (req) => {
    const user = currentUser(req);
    return revokeGroupApiKey(adapters, user, req.params.groupId, req.params.keyId, auditContextOf(req, user));
  });
}
