import {
  GroupParams,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointParams,
  WebhookEndpointsResponse,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { postWebhook } from '../../platform/webhooks/webhook-http';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import {
  createGroupEndpoint,
  deleteGroupEndpoint,
  listEndpointDeliveries,
  listGroupEndpoints,
  replayDelivery,
  rotateEndpointSecret,
  sendTestEvent,
  updateGroupEndpoint,
} from './endpoints.service';

/** /api/settings/groups/:groupId/webhooks: a group's endpoints, their secrets, test events and delivery log. */
export async function webhookRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/webhooks';
  const one = `${base}/:endpointId`;

  app.get(
    base,
    { ...pre, schema: { params: GroupParams, response: { 200: WebhookEndpointsResponse } } },
    async (req) => ({
      items: await listGroupEndpoints(adapters, currentUser(req), req.params.groupId),
    }),
  );
  app.post(
    base,
    {
      ...pre,
      schema: { params: GroupParams, body: WebhookEndpointCreate, response: { 201: WebhookEndpointWithSecret } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const created = await createGroupEndpoint(
        adapters,
        user,
        req.params.groupId,
        req.body,
        auditContextOf(req, user),
      );
      return reply.status(201).send(created);
    },
  );
  app.put(
    one,
    {
      ...pre,
      schema: { params: WebhookEndpointParams, body: WebhookEndpointUpdate, response: { 200: WebhookEndpoint } },
    },
    async (req) => {
      const user = currentUser(req);
      const { groupId, endpointId } = req.params;
      return updateGroupEndpoint(adapters, user, groupId, endpointId, req.body, auditContextOf(req, user));
    },
  );
  app.delete(one, { ...pre, schema: { params: WebhookEndpointParams } }, async (req, reply) => {
    const user = currentUser(req);
    await deleteGroupEndpoint(adapters, user, req.params.groupId, req.params.endpointId, auditContextOf(req, user));
    return reply.status(204).send();
  });
  app.post(
    `${one}/rotate-secret`,
    { ...pre, schema: { params: WebhookEndpointParams, response: { 200: WebhookEndpointWithSecret } } },
    async (req) => {
      const user = currentUser(req);
      const { groupId, endpointId } = req.params;
      return rotateEndpointSecret(adapters, user, groupId, endpointId, auditContextOf(req, user));
    },
  );
  app.post(
    `${one}/test`,
    { ...pre, schema: { params: WebhookEndpointParams, response: { 200: WebhookDelivery } } },
    async (req) =>
      sendTestEvent({ ...adapters, post: postWebhook }, currentUser(req), req.params.groupId, req.params.endpointId),
  );
  app.get(
    `${one}/deliveries`,
    { ...pre, schema: { params: WebhookEndpointParams, response: { 200: WebhookDeliveriesResponse } } },
    async (req) => ({
      items: await listEndpointDeliveries(adapters, currentUser(req), req.params.groupId, req.params.endpointId),
    }),
  );
  app.post(
    `${one}/deliveries/:deliveryId/replay`,
    { ...pre, schema: { params: WebhookDeliveryParams, response: { 200: WebhookDelivery } } },
    async (req) => {
      const { groupId, endpointId, deliveryId } = req.params;
      return replayDelivery(adapters, currentUser(req), groupId, endpointId, deliveryId);
    },
  );
}
