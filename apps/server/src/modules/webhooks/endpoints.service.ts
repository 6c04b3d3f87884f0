import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { TARGET_PROBLEMS, webhookTargetCheck } from '../../platform/dms/webhook-target';
import { badRequest, notFound } from '../../platform/errors';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { requireWebhooksGroup } from '../api-keys/integrations-access';
import { attemptDelivery, type DeliveryDeps } from './delivery.service';
import { newWebhookSecret } from './signature';
import { emitWebhookEvent, pendingDelivery, queueDeliveries } from './webhook-events.service';
import {
  attemptsOf,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  findEvent,
  insertDeliveries,
  insertEndpoint,
  listEndpoints,
  recentDeliveries,
  retryPendingNow,
  updateEndpoint,
  type EndpointRow,
  pendingHeads,
} from './webhooks.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'queue' | 'config'>;

/** How long the secret before a rotation still signs deliveries (beside the new one), for receivers to switch. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
const LOG_SIZE = 50;

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  groupId: r.group_id,
  url: r.url,
  description: r.description,
  eventTypes: JSON.parse(r.event_types) as WebhookEventType[],
  enabled: r.enabled === 1,
  disabledReason: r.disabled_reason,
  previousSecretUntil: r.previous_secret_until,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

async function requireEndpoint(deps: Deps, user: UserContext, groupId: string, id: string): Promise<EndpointRow> {
  await requireWebhooksGroup(deps, user, groupId);
  const row = await findEndpoint(deps.db, id);
  if (!row || row.group_id !== groupId) throw notFound('Webhook endpoint');
  return row;
}

async function requireTarget(deps: Deps, url: string): Promise<void> {
  const problem = await webhookTargetCheck(url, deps.config.WEBHOOKS_ALLOW_PRIVATE);
  // `problem` is the code the portal words (private, unresolved, credentials…); `reason` the English phrase.
  if (problem)
    throw badRequest(`The URL ${TARGET_PROBLEMS[problem]}`, {
      field: 'url',
      problem,
      reason: TARGET_PROBLEMS[problem],
    });
}

export async function listGroupEndpoints(deps: Deps, user: UserContext, groupId: string): Promise<WebhookEndpoint[]> {
  await requireWebhooksGroup(deps, user, groupId);
  return (await listEndpoints(deps.db, groupId)).map(toEndpoint);
}

/** Adds an endpoint; the answer holds its secret, shown this once. */
export async function createGroupEndpoint(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: WebhookEndpointCreate,
  audit: AuditContext,
): Promise<WebhookEndpointWithSecret> {
  await requireWebhooksGroup(deps, user, groupId);
  await requireTarget(deps, input.url);
  const row: EndpointRow = {
    id: deps.ids.uuid(),
    group_id: groupId,
    url: input.url,
    description: input.description ?? '',
    event_types: JSON.stringify([...new Set(input.eventTypes ?? [])]),
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_until: null,
    enabled: 1,
    disabled_reason: null,
    created_at: deps.clock.now().toISOString(),
    created_by: audit.actor.label,
  };
  const described = toEndpoint(row);
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'webhook.create',
      target: { type: 'webhook', id: row.id },
      after: { url: row.url, eventTypes: described.eventTypes },
    },
    (trx) => insertEndpoint(trx, row),
  );
  return { ...described, secret: row.secret };
}

/** Changes an endpoint; enabling a disabled one sends what was kept for it, from now, in order. */
export async function updateGroupEndpoint(
  deps: Deps,
  user: UserContext,
  groupId: string,
  id: string,
  input: WebhookEndpointUpdate,
  audit: AuditContext,
): Promise<WebhookEndpoint> {
  const before = await requireEndpoint(deps, user, groupId, id);
  if (input.url !== before.url) await requireTarget(deps, input.url);
  const reenabled = input.enabled && before.enabled !== 1;
  const now = deps.clock.now().toISOString();
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'webhook.update',
      target: { type: 'webhook', id },
      before: {
        url: before.url,
        eventTypes: JSON.parse(before.event_types) as unknown,
        enabled: before.enabled === 1,
      },
      after: { url: input.url, eventTypes: input.eventTypes ?? [], enabled: input.enabled },
    },
    async (trx) => {
      await updateEndpoint(trx, id, {
        url: input.url,
        description: input.description ?? '',
        event_types: JSON.stringify([...new Set(input.eventTypes ?? [])]),
        enabled: input.enabled ? 1 : 0,
        ...(input.enabled ? { disabled_reason: null } : {}),
      });
      if (reenabled) await retryPendingNow(trx, id, now);
    },
  );
  if (reenabled) await queueDeliveries(deps, [{ endpointId: id, key: `webhooks.deliver:${id}:enabled:${now}` }]);
  return toEndpoint((await findEndpoint(deps.db, id))!);
}

export async function deleteGroupEndpoint(
  deps: Deps,
  user: UserContext,
  groupId: string,
  id: string,
  audit: AuditContext,
): Promise<void> {
  const before = await requireEndpoint(deps, user, groupId, id);
  await withAudit(
    deps,
    { ...audit, groupId, action: 'webhook.delete', target: { type: 'webhook', id }, before: { url: before.url } },
    (trx) => deleteEndpoint(trx, id),
  );
}

/**
 * A new secret, shown this once; the one it replaces keeps signing beside it (two `v1` signatures) for
 * ROTATION_OVERLAP_MS, so that receivers can switch without refusing a delivery.
 */
export async function rotateEndpointSecret(
  deps: Deps,
  user: UserContext,
  groupId: string,
  id: string,
  audit: AuditContext,
): Promise<WebhookEndpointWithSecret> {
  const before = await requireEndpoint(deps, user, groupId, id);
  const secret = newWebhookSecret();
  const until = new Date(deps.clock.now().getTime() + ROTATION_OVERLAP_MS).toISOString();
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'webhook.rotate-secret',
      target: { type: 'webhook', id },
      after: { previousUntil: until },
    },
    (trx) => updateEndpoint(trx, id, { secret, previous_secret: before.secret, previous_secret_until: until }),
  );
  return { ...toEndpoint((await findEndpoint(deps.db, id))!), secret };
}

const toDelivery = (
  d: Awaited<ReturnType<typeof recentDeliveries>>[number],
  attempts: Awaited<ReturnType<typeof attemptsOf>>,
  heads: Map<string, string>,
): WebhookDelivery => ({
  id: d.id,
  eventId: d.event_id,
  eventType: d.type,
  status: d.status as WebhookDelivery['status'],
  createdAt: d.created_at,
  deliveredAt: d.delivered_at,
  nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
  // seq sorts as text, as the lane orders a stream (dueDeliveries).
  waitsForEarlier: d.status === 'pending' && (heads.get(d.stream_key) ?? d.seq) < d.seq,
  request: {
    headers: d.request_headers ? (JSON.parse(d.request_headers) as Record<string, string>) : {},
    body: d.body,
  },
  attempts: attempts
    .filter((a) => a.delivery_id === d.id)
    .map((a) => ({ at: a.at, status: a.status, durationMs: a.duration_ms, response: a.response })),
});

/** The endpoint's newest deliveries, each with its request and every attempt's answer and duration. */
export async function listEndpointDeliveries(
  deps: Deps,
  user: UserContext,
  groupId: string,
  id: string,
): Promise<WebhookDelivery[]> {
  await requireEndpoint(deps, user, groupId, id);
  const rows = await recentDeliveries(deps.db, id, LOG_SIZE);
  const [attempts, heads] = await Promise.all([
    attemptsOf(
      deps.db,
      rows.map((r) => r.id),
    ),
    pendingHeads(
      deps.db,
      id,
      rows.filter((r) => r.status === 'pending').map((r) => r.stream_key),
    ),
  ]);
  return rows.map((r) => toDelivery(r, attempts, heads));
}

async function deliveryOf(deps: Deps, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const rows = await recentDeliveries(deps.db, endpointId, LOG_SIZE);
  const row = rows.find((r) => r.id === deliveryId);
  if (!row) throw notFound('Webhook delivery');
  const heads = await pendingHeads(deps.db, endpointId, row.status === 'pending' ? [row.stream_key] : []);
  return toDelivery(row, await attemptsOf(deps.db, [deliveryId]), heads);
}

/**
 * Sends the event again (same `webhook-id`, so a receiver can tell it is a repeat): a new delivery at the end of
 * its stream, delivered by the queue like any other.
 */
export async function replayDelivery(
  deps: Deps,
  user: UserContext,
  groupId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await requireEndpoint(deps, user, groupId, endpointId);
  const original = await findDelivery(deps.db, endpointId, deliveryId);
  const event = original && (await findEvent(deps.db, original.event_id));
  if (!original || !event) throw notFound('Webhook delivery');
  const at = deps.clock.now().toISOString();
  const id = deps.ids.uuid();
  await deps.db.transaction().execute(async (trx) => {
    await insertDeliveries(trx, [
      pendingDelivery({ id, endpointId, eventId: event.id, streamKey: original.stream_key, at }),
    ]);
    await queueDeliveries(deps, [{ endpointId, key: `webhooks.deliver:${id}` }], {
      within: trx,
    });
  });
  return deliveryOf(deps, endpointId, id);
}

/** "Send a test event": a `webhook.test` event to this endpoint only, sent now, once, and logged like any other. */
export async function sendTestEvent(
  deps: DeliveryDeps,
  user: UserContext,
  groupId: string,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(deps, user, groupId, endpointId);
  if (!endpoint.enabled) throw badRequest('The endpoint is disabled', { field: 'enabled' });
  const created = await deps.db.transaction().execute((trx) =>
    emitWebhookEvent(
      deps,
      trx,
      {
        type: WEBHOOK_TEST_EVENT,
        groupId,
        endpointId,
        streamKey: `test:${deps.ids.uuid()}`,
        data: { message: 'A test event from Forecourt', endpointId },
      },
      { queue: false },
    ),
  );
  const deliveryId = created!.deliveryIds[0]!;
  const event = (await findEvent(deps.db, created!.eventId))!;
  await attemptDelivery(
    deps,
    endpoint,
    { id: deliveryId, event_id: event.id, body: event.body, attempts: 0, first_failed_at: null },
    { retry: false },
  );
  return deliveryOf(deps, endpointId, deliveryId);
}
