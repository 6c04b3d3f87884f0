import type { Kysely } from 'kysely';

/**
 * Alerts while the customer looks (issue 31, point 3):
 * - `user_alerts`: the notification centre of each user (a recipient opened a personal link they sent),
 *   read or not; written once per visit;
 * - `alert_preferences`: per user, whether alerts show in the portal and go by e-mail, and quiet hours
 *   (local `HH:mm` to `HH:mm` in the user's time zone) during which they are only kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().references('share_recipients.token').onDelete('cascade'))
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('user_alerts_user').on('user_alerts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('user_alerts_visit').on('user_alerts').columns(['token', 'visit_id']).unique().execute();
  await db.schema
    .createTable('alert_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quiet_from', 'text')
    .addColumn('quiet_to', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_preferences').execute();
  await db.schema.dropTable('user_alerts').execute();
}
