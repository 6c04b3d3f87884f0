import type { Kysely } from 'kysely';

/**
 * Rate-limit windows shared by every API process: a flood spread over several processes behind a load
 * balancer is counted once. One row per limited key (limiter name and caller), its count and the end of
 * its window in epoch milliseconds; expired rows are swept by the processes as they count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_end').on('rate_limits').column('window_end').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
