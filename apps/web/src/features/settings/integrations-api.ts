import { ApiKey, ApiKeyCreated, ApiKeysResponse, ApiKeyStocks, type ApiKeyCreate } from '@forecourt/contracts/api-keys';
import {
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointsResponse,
  WebhookEndpointWithSecret,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
} from '@forecourt/contracts/webhooks';
import { ApiError, request } from '../../api/http';

const group = (id: string) => `/api/settings/groups/${encodeURIComponent(id)}`;
const endpoint = (groupId: string, id: string) => `${group(groupId)}/webhooks/${encodeURIComponent(id)}`;

export const fetchApiKeys = (groupId: string) => request(`${group(groupId)}/api-keys`, { schema: ApiKeysResponse });
/** The stocks the caller may limit a key to: all the group's for provider staff, those they reach for a manager. */
export const fetchKeyStocks = (groupId: string) =>
  request(`${group(groupId)}/api-keys/stocks`, { schema: ApiKeyStocks });
export const createApiKey = (groupId: string, body: ApiKeyCreate) =>
  request(`${group(groupId)}/api-keys`, { method: 'POST', body, schema: ApiKeyCreated });
export const revokeApiKey = (groupId: string, keyId: string) =>
  request(`${group(groupId)}/api-keys/${encodeURIComponent(keyId)}`, { method: 'DELETE', schema: ApiKey });

export const fetchEndpoints = (groupId: string) =>
  request(`${group(groupId)}/webhooks`, { schema: WebhookEndpointsResponse });
export const createEndpoint = (groupId: string, body: WebhookEndpointCreate) =>
  request(`${group(groupId)}/webhooks`, { method: 'POST', body, schema: WebhookEndpointWithSecret });
export const updateEndpoint = (groupId: string, id: string, body: WebhookEndpointUpdate) =>
  request(endpoint(groupId, id), { method: 'PUT', body, schema: WebhookEndpoint });
export const deleteEndpoint = (groupId: string, id: string) => request(endpoint(groupId, id), { method: 'DELETE' });
export const rotateEndpointSecret = (groupId: string, id: string) =>
  request(`${endpoint(groupId, id)}/rotate-secret`, { method: 'POST', schema: WebhookEndpointWithSecret });
export const sendTestEvent = (groupId: string, id: string) =>
  request(`${endpoint(groupId, id)}/test`, { method: 'POST', schema: WebhookDelivery });
export const fetchDeliveries = (groupId: string, id: string) =>
  request(`${endpoint(groupId, id)}/deliveries`, { schema: WebhookDeliveriesResponse });
export const replayDelivery = (groupId: string, id: string, deliveryId: string) =>
  request(`${endpoint(groupId, id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, {
    method: 'POST',
    schema: WebhookDelivery,
  });

/** Why the server refused an endpoint's URL (`details.problem`), each worded apart: a private address is no typo. */
const URL_PROBLEMS = ['private', 'unresolved', 'credentials'];

/** The translated message of a failed call of the API keys and webhooks panels. */
export function integrationsErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'api.commonError';
  const { field, problem } = (err.details ?? {}) as { field?: unknown; problem?: unknown };
  if (err.code === 'VALIDATION_ERROR' && field === 'url' && URL_PROBLEMS.includes(String(problem)))
    return `integrations.errors.url_${String(problem)}`;
  if (err.code === 'VALIDATION_ERROR' && (field === 'url' || field === 'expiresAt' || field === 'ownerIds'))
    return `integrations.errors.${field}`;
  if (err.code === 'VALIDATION_ERROR') return 'integrations.errors.invalid';
  if (err.code === 'FORBIDDEN') return 'settings.errors.forbidden';
  if (err.code === 'NOT_FOUND') return 'settings.errors.notFound';
  return 'api.commonError';
}
