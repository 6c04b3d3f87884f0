import type { Kysely } from 'kysely';

/**
 * Standard Webhooks of a dealer group (issue 32 point 2, decision 0094). Events are written in the transaction
 * of the change they tell of (an outbox), with one delivery row per endpoint; deliveries of one stream (a
 * shooting, a room) go out in `seq` order, one stream drained by one worker at a time (webhook_streams).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_group').on('webhook_endpoints').columns(['group_id']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('stream_key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id'))
    .addColumn('stream_key', 'text', (c) => c.notNull())
    .addColumn('seq', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('first_failed_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('request_headers', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_stream')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'stream_key', 'status', 'seq'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'at'])
    .execute();

  await db.schema
    .createTable('webhook_streams')
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('stream_key', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('held_until', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_streams_pk', ['endpoint_id', 'stream_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['webhook_streams', 'webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_endpoints'])
    await db.schema.dropTable(t).execute();
}
