import { type WEBHOOK_TEST_EVENT, type WebhookEventType } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { Executor } from '../../platform/db/database';
import type { Queue } from '../../platform/queue/queue';
import { groupOfStock } from '../settings/stocks.service';
import {
  enabledEndpoints,
  groupOfRoom,
  groupOfShooting,
  insertDeliveries,
  insertEvent,
  type DeliveryRow,
} from './webhooks.repo';

/** The queue as its interface: a module's deps may hold any driver of it. */
type EmitDeps = Pick<Adapters, 'ids' | 'clock'> & { queue: Queue };

let counter = 0;
/**
 * The order of a delivery in its stream: the time, then a counter of this process, so two events of one
 * shooting written in the same millisecond keep the order they were written in.
 */
const nextSeq = (at: string): string => `${at}-${String((counter = (counter + 1) % 1e9)).padStart(9, '0')}`;

/** A new delivery of an event to an endpoint, waiting for its first attempt at `at`, last in its stream. */
export const pendingDelivery = (d: {
  id: string;
  endpointId: string;
  eventId: string;
  streamKey: string;
  at: string;
}): DeliveryRow => ({
  id: d.id,
  endpoint_id: d.endpointId,
  event_id: d.eventId,
  stream_key: d.streamKey,
  seq: nextSeq(d.at),
  status: 'pending',
  attempts: 0,
  next_attempt_at: d.at,
  first_failed_at: null,
  delivered_at: null,
  request_headers: null,
  created_at: d.at,
});

/**
 * Runs of endpoints' lanes (`webhooks.deliver`, delivery.service.ts). Each new delivery queues one, keyed by it: a
 * run that finds the lane busy leaves at once (one read), and the lane's holder sends the delivery.
 */
export async function queueDeliveries(
  deps: { queue: Queue },
  items: { endpointId: string; key: string }[],
  opts: { within?: Executor; runAt?: Date } = {},
): Promise<void> {
  await deps.queue.enqueueAll(
    'webhooks.deliver',
    items.map((i) => ({ payload: { endpointId: i.endpointId }, key: i.key })),
    opts,
  );
}

export interface WebhookEventInput {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** The group the event belongs to, or the stock or shooting it happened in. */
  groupId?: string;
  ownerId?: string;
  shootingId?: string;
  roomId?: string;
  /** What orders deliveries: a shooting's id, a room's; events of one stream reach an endpoint in order. */
  streamKey: string;
  data: Record<string, unknown>;
  /** Only to this endpoint (the test event); otherwise to every enabled endpoint of the group taking the type. */
  endpointId?: string;
}

/**
 * Writes an event and its deliveries in the caller's transaction (the outbox), and queues their delivery with
 * them: the change and its webhooks commit together or not at all. A group without endpoints costs one read.
 * Answers the event's id and its deliveries' ids (none when no endpoint takes it).
 */
export async function emitWebhookEvent(
  deps: EmitDeps,
  trx: Executor,
  event: WebhookEventInput,
  opts: { queue?: boolean } = {},
): Promise<{ eventId: string; deliveryIds: string[] } | null> {
  const groupId =
    event.groupId ??
    (event.ownerId ? await groupOfStock(trx, event.ownerId) : null) ??
    (event.shootingId ? await groupOfShooting(trx, event.shootingId) : null) ??
    (event.roomId ? await groupOfRoom(trx, event.roomId) : null);
  if (!groupId) return null;
  const endpoints = (await enabledEndpoints(trx, groupId)).filter((e) => {
    if (event.endpointId) return e.id === event.endpointId;
    const types = JSON.parse(e.event_types) as string[];
    return !types.length || types.includes(event.type);
  });
  if (!endpoints.length) return null;
  const at = deps.clock.now().toISOString();
  const eventId = `msg_${deps.ids.uuid().replace(/-/g, '')}`;
  await insertEvent(trx, {
    id: eventId,
    group_id: groupId,
    type: event.type,
    stream_key: event.streamKey,
    body: JSON.stringify({ type: event.type, timestamp: at, data: event.data }),
    created_at: at,
  });
  const rows = endpoints.map((e) =>
    pendingDelivery({ id: deps.ids.uuid(), endpointId: e.id, eventId, streamKey: event.streamKey, at }),
  );
  await insertDeliveries(trx, rows);
  if (opts.queue !== false)
    await queueDeliveries(
      deps,
      rows.map((r) => ({ endpointId: r.endpoint_id, key: `webhooks.deliver:${r.id}` })),
      { within: trx },
    );
  return { eventId, deliveryIds: rows.map((r) => r.id) };
}
