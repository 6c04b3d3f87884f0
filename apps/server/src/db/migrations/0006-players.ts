import type { Kysely } from 'kysely';

/**
 * Players: who last took a player's link (its e-mail is the one the public player shows), the cache of
 * resized spin frames, and the index the rating limits read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('player_references').addColumn('last_user_id', 'text').execute();

  await db.schema
    .createTable('image_variants')
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    // e.g. "abc123/1080.webp": the image version, the width and the format.
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_variants_pk', ['image_id', 'variant'])
    .execute();

  await db.schema
    .createIndex('ratings_visitor_created')
    .on('ratings')
    .columns(['kind', 'visitor', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ratings_visitor_created').ifExists().execute();
  await db.schema.dropTable('image_variants').ifExists().execute();
  await db.schema.alterTable('player_references').dropColumn('last_user_id').execute();
}
