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

/** A stream whose first pending delivery waits for a retry: nothing of it is sent before that one. */
const waitingStreams = (db: Executor, endpointId: string, now: string) =>
  db
    .selectFrom('webhook_deliveries')
    .select('stream_key')
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now);

/**
 * The endpoint's first `limit` deliveries to send, with their events, in `seq` order, those of streams waiting for
 * a retry left out (only a stream's head ever waits: a lane stops a stream at its first failure).
 */
export const dueDeliveries = (db: Db, endpointId: string, now: string, limit: number) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.id', 'd.event_id', 'd.stream_key', 'd.attempts', 'd.first_failed_at', 'e.body'])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.status', '=', 'pending')
    .where('d.stream_key', 'not in', waitingStreams(db, endpointId, now))
    .orderBy('d.seq')
    .limit(limit)
    .execute();

/** When the endpoint's first retry after now is due (null: none waits). */
export const nextRetryAt = async (db: Db, endpointId: string, now: string): Promise<string | null> =>
  (
    await db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '>', now)
      .executeTakeFirst()
  )?.at ?? null;

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

/** Extends holder's hold; false when it no longer holds the stream. */
export async function renewStream(
  db: Db,
  endpointId: string,
  streamKey: string,
  holder: string,
  until: string,
): Promise<boolean> {
  const r = await db
    .updateTable('webhook_streams')
    .set({ held_until: until })
    .where('endpoint_id', '=', endpointId)
    .where('stream_key', '=', streamKey)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
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

/** The outcome of one attempt: the delivery's new state and the attempt's log line. */
export interface AttemptRecord {
  deliveryId: string;
  set: Partial<
    Pick<DeliveryRow, 'status' | 'next_attempt_at' | 'first_failed_at' | 'delivered_at' | 'request_headers'>
  >;
  attempt: AttemptRow;
}

/** Records attempts' outcomes together, in one transaction: each delivery's new state and its log line. */
export async function recordAttempts(db: Db, records: AttemptRecord[]): Promise<void> {
  if (!records.length) return;
  await db.transaction().execute(async (trx) => {
    for (const r of records)
      await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({ ...r.set, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', r.deliveryId)
        .execute();
    // In slices: bound parameters per statement stay well under SQLite's limit.
    for (let i = 0; i < records.length; i += 100)
      await trx
        .insertInto('webhook_attempts')
        .values(records.slice(i, i + 100).map((r) => r.attempt))
        .execute();
  });
}

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

/** Per stream of the endpoint, the `seq` of its first pending delivery (the one the lane sends next). */
export const pendingHeads = async (db: Db, endpointId: string, streamKeys: string[]): Promise<Map<string, string>> =>
  new Map(
    streamKeys.length
      ? (
          await db
            .selectFrom('webhook_deliveries')
            .select(['stream_key', (eb) => eb.fn.min('seq').as('head')])
            .where('endpoint_id', '=', endpointId)
            .where('status', '=', 'pending')
            .where('stream_key', 'in', [...new Set(streamKeys)])
            .groupBy('stream_key')
            .execute()
        ).map((r) => [r.stream_key, String(r.head)])
      : [],
  );

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

/**
 * Removes up to `limit` deliveries created before `before` that are no longer pending (delivered or failed), with
 * their attempts; answers how many. Pending ones stay whatever their age (they are still to send).
 */
export async function pruneDeliveries(db: Db, before: string, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('created_at', '<', before)
        .where('status', '!=', 'pending')
        .limit(limit)
        .execute()
    ).map((r) => r.id);
    if (!ids.length) return 0;
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
    await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    return ids.length;
  });
}

/** Removes up to `limit` events created before `before` that no delivery refers to any more; answers how many. */
export async function pruneEvents(db: Db, before: string, limit: number): Promise<number> {
  const ids = (
    await db
      .selectFrom('webhook_events as e')
      .select('e.id')
      .where('e.created_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id'))),
      )
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  if (ids.length) await db.deleteFrom('webhook_events').where('id', 'in', ids).execute();
  return ids.length;
}

/** Removes the free holds of streams last let go before `before` (the per-shooting holds of before the lanes). */
export async function pruneHolds(db: Db, before: string): Promise<void> {
  await db.deleteFrom('webhook_streams').where('holder', 'is', null).where('held_until', '<', before).execute();
}
