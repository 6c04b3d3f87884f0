import type { Kysely } from 'kysely';

/**
 * What the player's beacon reports for a personal link (issue 31, point 2), kept ENGAGEMENT_RETENTION_DAYS:
 * - `engagement_visits`: one page opening of a recipient (the page's random visit id), its device class, when it
 *   opened and was last heard of, its visible time, the largest share of the video watched, its rating, its clicks
 *   on the dealer's phone or e-mail;
 * - `engagement_angles`: the time each spin frame was on screen during a visit;
 * - `engagement_moments`: the visit's timeline (hotspots opened, contact clicks, the rating);
 * - `engagement_batches`: the batches already counted, so a retried batch counts once.
 * No address is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engagement_visits')
    .addColumn('token', 'text', (c) => c.notNull().references('share_recipients.token').onDelete('cascade'))
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('visible_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_share', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', 'integer')
    .addColumn('contacts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('engagement_visits_pk', ['token', 'visit_id'])
    .execute();
  await db.schema.createIndex('engagement_visits_opened').on('engagement_visits').column('opened_at').execute();
  await db.schema
    .createTable('engagement_angles')
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('frame', 'integer', (c) => c.notNull())
    .addColumn('ms', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('engagement_angles_pk', ['token', 'visit_id', 'frame'])
    .addForeignKeyConstraint(
      'engagement_angles_visit',
      ['token', 'visit_id'],
      'engagement_visits',
      ['token', 'visit_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createTable('engagement_moments')
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint(
      'engagement_moments_visit',
      ['token', 'visit_id'],
      'engagement_visits',
      ['token', 'visit_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('engagement_moments_visit')
    .on('engagement_moments')
    .columns(['token', 'visit_id', 'at'])
    .execute();
  await db.schema
    .createTable('engagement_batches')
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('engagement_batches_pk', ['token', 'visit_id', 'seq'])
    .execute();
  await db.schema.createIndex('engagement_batches_created').on('engagement_batches').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['engagement_batches', 'engagement_moments', 'engagement_angles', 'engagement_visits'])
    await db.schema.dropTable(t).execute();
}
