import type { Kysely } from 'kysely';

/**
 * Admin media and assembled videos (modules/media).
 * - media_uploads: one resumable upload, granted to a user of a group for one slot (INTRODUCTION,
 *   CONCLUSION, AUDIO, or VEHICLE with its shooting) and one size, until it expires; then what its
 *   content turned out to be.
 * - video_configurations gains the upload behind each configured file and a version, bumped by every
 *   change; assembly jobs are keyed by shooting and this version, and the newest wins.
 * - videos gains the configuration version an assembled video was made with, and a poster frame.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('dealer_groups.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('shooting_id', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('has_audio', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('media_uploads_resume').on('media_uploads').columns(['user_id', 'slot', 'fingerprint']).execute();

  await s
    .alterTable('video_configurations')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable('video_configurations').addColumn('introduction_upload', 'text').execute();
  await s.alterTable('video_configurations').addColumn('conclusion_upload', 'text').execute();
  await s.alterTable('video_configurations').addColumn('audio_upload', 'text').execute();
  await s.alterTable('videos').addColumn('config_version', 'integer').execute();
  await s.alterTable('videos').addColumn('poster_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('videos').dropColumn('poster_key').execute();
  await s.alterTable('videos').dropColumn('config_version').execute();
  for (const c of ['audio_upload', 'conclusion_upload', 'introduction_upload', 'version']) {
    await s.alterTable('video_configurations').dropColumn(c).execute();
  }
  await s.dropTable('media_uploads').execute();
}
