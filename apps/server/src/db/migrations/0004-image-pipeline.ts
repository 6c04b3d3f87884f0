import type { Kysely } from 'kysely';

/**
 * Upload grants (which upload key was issued to whom, for which product, until when, and whether a
 * registration consumed it) and pipeline runs (one stamping or restamping of a shooting, with one item per
 * source image, so that completion is known and a crash resumes where it stopped).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('upload_grants')
    .addColumn('blob_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('upload_grants_product').on('upload_grants').columns(['product_id', 'user_id']).execute();

  await s
    .createTable('pipeline_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('stamp_id', 'text', (c) => c.notNull().references('stamps.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // 1, 2, ... per shooting: the newest run wins when runs overlap (timestamps can tie).
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await s
    .createIndex('pipeline_runs_shooting_seq')
    .on('pipeline_runs')
    .columns(['shooting_id', 'seq'])
    .unique()
    .execute();

  await s
    .createTable('pipeline_run_items')
    .addColumn('run_id', 'text', (c) => c.notNull().references('pipeline_runs.id').onDelete('cascade'))
    .addColumn('source_image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .addPrimaryKeyConstraint('pipeline_run_items_pk', ['run_id', 'source_image_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['pipeline_run_items', 'pipeline_runs', 'upload_grants'])
    await db.schema.dropTable(t).ifExists().execute();
}
