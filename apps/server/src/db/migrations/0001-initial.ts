import type { Kysely } from 'kysely';

/**
 * The first schema. Portable between SQLite and PostgreSQL: ids and timestamps are text (ISO 8601 UTC,
 * which sorts as it reads), booleans are integers 0/1, lists and objects are JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('dealer_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('family_name', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('fr'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('habilitations', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('user_options')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_options_pk', ['user_id', 'name'])
    .execute();

  await s
    .createTable('user_models')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('model_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_models_pk', ['user_id', 'model_type'])
    .execute();

  await s
    .createTable('owners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_key', 'text')
    .addColumn('plate_cover_key', 'text')
    .addColumn('contact_information', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('contact_phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('owners_group').on('owners').column('group_id').execute();

  await s
    .createTable('user_owners')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_owners_pk', ['user_id', 'owner_id'])
    .execute();
  await s.createIndex('user_owners_owner').on('user_owners').column('owner_id').execute();

  await s
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id'))
    .addColumn('vin', 'text', (c) => c.notNull())
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('model', 'text')
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('workflows', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('photo_state', 'text', (c) => c.notNull().defaultTo('TODO'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('products_owner_registration').on('products').columns(['owner_id', 'registration']).execute();

  await s
    .createTable('stamps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('overlay_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('stamps_group_format').on('stamps').columns(['group_id', 'format']).execute();

  await s
    .createTable('stamp_configurations')
    .addColumn('stamp_id', 'text', (c) => c.primaryKey().references('stamps.id').onDelete('cascade'))
    .addColumn('cropping_type', 'text', (c) => c.notNull().defaultTo('CROPPING'))
    .addColumn('background_key', 'text')
    .addColumn('blurring_value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('shootings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id'))
    .addColumn('shooting_type', 'text', (c) => c.notNull())
    // Upper-cased copy of the product's registration: the list searches it without a join.
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('remarketing_status', 'text', (c) => c.notNull())
    .addColumn('dms_status', 'text', (c) => c.notNull().defaultTo('NOT_SENT'))
    .addColumn('dms_synced_at', 'text')
    .addColumn('stamp_id', 'text', (c) => c.references('stamps.id'))
    .addColumn('format', 'text')
    .addColumn('video_name', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The list: owner set, type, date range, newest first with a stable order.
  await s.createIndex('shootings_owner_created').on('shootings').columns(['owner_id', 'created_at', 'id']).execute();
  await s
    .createIndex('shootings_owner_type_created')
    .on('shootings')
    .columns(['owner_id', 'shooting_type', 'created_at', 'id'])
    .execute();
  await s.createIndex('shootings_product').on('shootings').column('product_id').execute();

  await s
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image_type', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text')
    .addColumn('format', 'text')
    .addColumn('stamp_id', 'text')
    .addColumn('mask_id', 'text')
    .addColumn('is_label_image', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('bytes', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One image per position and type: derived images are replaced, never duplicated.
  await s
    .createIndex('images_shooting_position_type')
    .on('images')
    .columns(['shooting_id', 'position', 'image_type'])
    .unique()
    .execute();

  await s
    .createTable('image_verifications')
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_verifications_pk', ['image_id', 'kind'])
    .execute();

  await s
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('video_type', 'text', (c) => c.notNull())
    .addColumn('streamer', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('reference', 'text')
    .addColumn('blob_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('videos_shooting').on('videos').column('shooting_id').execute();

  await s
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('reports_shooting_kind')
    .on('reports')
    .columns(['shooting_id', 'kind', 'locale'])
    .unique()
    .execute();

  await s
    .createTable('player_references')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('marketplace', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('player_references_shooting_marketplace')
    .on('player_references')
    .columns(['shooting_id', 'marketplace'])
    .unique()
    .execute();

  await s
    .createTable('ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('ratings_target_visitor').on('ratings').columns(['kind', 'target', 'visitor']).execute();

  await s
    .createTable('live_rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('owners.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('session_name', 'text', (c) => c.notNull())
    .addColumn('room_name', 'text', (c) => c.notNull())
    .addColumn('appointment_date', 'text', (c) => c.notNull())
    .addColumn('meeting_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('live_rooms_user').on('live_rooms').columns(['user_id', 'appointment_date']).execute();

  await s
    .createTable('video_configurations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().unique().references('dealer_groups.id'))
    .addColumn('introduction_key', 'text')
    .addColumn('conclusion_key', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('notifications_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'text')
    .addColumn('group_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await s
    .createIndex('notifications_outbox_group')
    .on('notifications_outbox')
    .columns(['group_id', 'created_at'])
    .execute();

  await s
    .createTable('statistics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('statistics_events_kind').on('statistics_events').columns(['kind', 'subject']).execute();

  await s
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await s.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'jobs',
    'statistics_events',
    'notifications_outbox',
    'video_configurations',
    'live_rooms',
    'ratings',
    'player_references',
    'reports',
    'videos',
    'image_verifications',
    'images',
    'shootings',
    'stamp_configurations',
    'stamps',
    'products',
    'user_owners',
    'owners',
    'user_models',
    'user_options',
    'users',
    'dealer_groups',
    'server_secrets',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
