import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../../db/schema';
import type { Db, Executor } from '../../platform/db/database';

export type EndpointRow = WebhookEndpointsTable;
export type DeliveryRow = WebhookDeliveriesTable;
export type AttemptRow = WebhookAttemptsTable;

export const groupOfOwner = async (db: Executor, ownerId: string): Promise<string | null> =>
  (await db.selectFrom('owners').select('group_id').where('id', '=', ownerId).executeTakeFirst())?.group_id ?? null;

/** The group of a shooting's stock (events name a shooting; endpoints belong to groups). */
export const groupOfShooting = async (db: Executor, shootingId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('shootings as s')
      .innerJoin('owners as o', 'o.id', 's.owner_id')
      .select('o.group_id')
      .where('s.id', '=', shootingId)
      .executeTakeFirst()
  )?.group_id ?? null;

/** The group of a live room's stock. */
export const groupOfRoom = async (db: Executor, roomId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('live_rooms as r')
      .innerJoin('owners as o', 'o.id', 'r.owner_id')
      .select('o.group_id')
      .where('r.id', '=', roomId)
      .executeTakeFirst()
  )?.group_id ?? null;

export const listEndpoints = (db: Db, groupId: string): Promise<EndpointRow[]> =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findEndpoint = (db: Executor, id: string): Promise<EndpointRow | undefined> =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** The group's enabled endpoints: an event is written for them only. */
export const enabledEndpoints = (db: Executor, groupId: string): Promise<Pick<EndpointRow, 'id' | 'event_types'>[]> =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('group_id', '=', groupId)
    .where('enabled', '=', 1)
    .execute();

export async function insertEndpoint(db: Executor, row: EndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  set: Partial<Omit<EndpointRow, 'id' | 'group_id' | 'created_at' | 'created_by'>>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
}

/** Removes an endpoint with its log (deliveries and attempts cascade); the events stay for other endpoints. */
export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhook_streams').where('endpoint_id', '=', id).execute();
  await db
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id))
    .execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export async function insertEvent(db: Executor, row: WebhookEventsTable): Promise<void> {
  await db.insertInto('webhook_events').values(row).execute();
}

export async function insertDeliveries(db: Executor, rows: DeliveryRow[]): Promise<void> {
  if (rows.length) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/** The first delivery of a stream still to send, with its event. */
export const streamHead = (db: Db, endpointId: string, streamKey: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'd.attempts', 'd.next_attempt_at', 'd.first_failed_at', 'e.body', 'e.type'])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.stream_key', '=', streamKey)
    .where('d.status', '=', 'pending')
    .orderBy('d.seq')
    .limit(1)
    .executeTakeFirst();

/**
 * Takes a stream for holder until `until`, when nobody holds it or its holder's time is over (a worker that
 * died): one statement, so two workers never both take it.
 */
export async function takeStream(
  db: Db,
  s: { endpointId: string; streamKey: string; holder: string; until: string; now: string },
): Promise<boolean> {
  const row = await db
    .insertInto('webhook_streams')
    .values({ endpoint_id: s.endpointId, stream_key: s.streamKey, holder: s.holder, held_until: s.until })
    .onConflict((oc) =>
      oc
        .columns(['endpoint_id', 'stream_key'])
        .doUpdateSet({ holder: s.holder, held_until: s.until })
        .where((eb) => eb.or([eb('webhook_streams.holder', 'is', null), eb('webhook_streams.held_until', '<', s.now)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === s.holder;
}

export const streamHold = (db: Db, endpointId: string, streamKey: string) =>
  db
    .selectFrom('webhook_streams')
    .select(['holder', 'held_until'])
    .where('endpoint_id', '=', endpointId)
    .where('stream_key', '=', streamKey)
    .executeTakeFirst();

export async function renewStream(db: Db, endpointId: string, streamKey: string, holder: string, until: string) {
  await db
    .updateTable('webhook_streams')
    .set({ held_until: until })
    .where('endpoint_id', '=', endpointId)
    .where('stream_key', '=', streamKey)
    .where('holder', '=', holder)
    .execute();
}

export async function releaseStream(db: Db, endpointId: string, streamKey: string, holder: string, now: string) {
  await db
    .updateTable('webhook_streams')
    .set({ holder: null, held_until: now })
    .where('endpoint_id', '=', endpointId)
    .where('stream_key', '=', streamKey)
    .where('holder', '=', holder)
    .execute();
}

/** Whether the stream's first pending delivery is due (what follows it waits for it, due or not). */
export const headIsDue = async (db: Db, endpointId: string, streamKey: string, now: string): Promise<boolean> => {
  const head = await streamHead(db, endpointId, streamKey);
  return !!head && head.next_attempt_at <= now;
};

/** The outcome of one attempt: the delivery's new state and the attempt's log line, together. */
export async function recordAttempt(
  db: Db,
  deliveryId: string,
  set: Partial<
    Pick<DeliveryRow, 'status' | 'next_attempt_at' | 'first_failed_at' | 'delivered_at' | 'request_headers'>
  >,
  attempt: AttemptRow,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ ...set, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', deliveryId)
      .execute();
    await trx.insertInto('webhook_attempts').values(attempt).execute();
  });
}

/** The streams of an endpoint with deliveries still to send (re-enabling it queues them again). */
export const pendingStreams = async (db: Db, endpointId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('webhook_deliveries')
      .select('stream_key')
      .distinct()
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute()
  ).map((r) => r.stream_key);

export async function retryPendingNow(db: Executor, endpointId: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now, first_failed_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** The newest deliveries of an endpoint with their events (the log). */
export const recentDeliveries = (db: Db, endpointId: string, limit: number) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type', 'e.body'])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.seq', 'desc')
    .limit(limit)
    .execute();

export const attemptsOf = (db: Db, deliveryIds: string[]): Promise<AttemptRow[]> =>
  deliveryIds.length
    ? db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('at')
        .orderBy('id')
        .execute()
    : Promise.resolve([]);

export const findDelivery = (db: Db, endpointId: string, deliveryId: string) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();

export const findEvent = (db: Db, id: string) =>
  db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();

/** The group's active managers (role manage-users), told when an endpoint is disabled. */
export const groupManagers = (db: Db, groupId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'locale'])
    .where('group_id', '=', groupId)
    .where('deactivated_at', 'is', null)
    .where('roles', 'like', '%"manage-users"%')
    .execute();
