import type { Kysely } from 'kysely';

/**
 * Inspection data of INSPECTION and INSPECTION_REPAIR_ORDER shootings, and the data version of each
 * generated report so that a report is rebuilt only when what it shows has changed. Amounts are integer
 * cents; dates ISO text, as in 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('inspections')
    .addColumn('shooting_id', 'text', (c) => c.primaryKey().references('shootings.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('overall_condition', 'text')
    .addColumn('repair_order_number', 'text')
    .addColumn('mileage', 'integer')
    .addColumn('customer_name', 'text')
    .addColumn('workshop_video_id', 'text', (c) => c.references('videos.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('inspection_damages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    // Capture order: items recorded within the same millisecond keep the order they were sent in.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('estimated_cost_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('inspection_damages_shooting')
    .on('inspection_damages')
    .columns(['shooting_id', 'position'])
    .execute();

  await s
    .createTable('health_check_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    // Capture order: items recorded within the same millisecond keep the order they were sent in.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('parts_price_cents', 'integer', (c) => c.notNull())
    .addColumn('labour_price_cents', 'integer', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('health_check_items_shooting')
    .on('health_check_items')
    .columns(['shooting_id', 'position'])
    .execute();

  await s
    .createTable('trade_in_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('trade_in_offers_shooting')
    .on('trade_in_offers')
    .columns(['shooting_id', 'created_at'])
    .execute();

  // Hash of everything a report shows: a report whose hash still matches is not rebuilt.
  await s.alterTable('reports').addColumn('data_version', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('data_version').execute();
  for (const t of ['trade_in_offers', 'health_check_items', 'inspection_damages', 'inspections']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
