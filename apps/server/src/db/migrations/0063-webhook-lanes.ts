import type { Kysely } from 'kysely';

/**
 * Webhook lanes (decision 0054): an endpoint's lane takes its pending deliveries in `seq` order and leaves out the
 * streams whose head waits for a retry; the retention job (WEBHOOKS_RETENTION_DAYS) prunes events and deliveries by
 * their creation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_lane')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'seq'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_retry')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').columns(['created_at']).execute();
  await db.schema.createIndex('webhook_events_created').on('webhook_events').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of [
    'webhook_deliveries_lane',
    'webhook_deliveries_retry',
    'webhook_deliveries_created',
    'webhook_events_created',
  ])
    await db.schema.dropIndex(i).execute();
}
