import type { Kysely } from 'kysely';

/**
 * The statistics screen reads player events and ratings of a period: indexes by kind and time, so a
 * period is a range scan rather than every event of a kind (the existing ones lead with the subject).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('statistics_events_kind_created')
    .on('statistics_events')
    .columns(['kind', 'created_at', 'subject'])
    .execute();
  await db.schema.createIndex('ratings_kind_created').on('ratings').columns(['kind', 'created_at', 'target']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ratings_kind_created').ifExists().execute();
  await db.schema.dropIndex('statistics_events_kind_created').ifExists().execute();
}
