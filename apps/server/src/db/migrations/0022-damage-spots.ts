import type { Kysely } from 'kysely';

/**
 * Damages in the spin and honest edits in the player: a damage's spot on a picture of the vehicle (the
 * picture and x/y as fractions of its width and height), and two choices the dealer makes per player link,
 * whether its player shows the damages and whether it labels edited pictures (both off by default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inspection_damages')
    .addColumn('spot_image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('inspection_damages').addColumn('spot_x', 'double precision').execute();
  await db.schema.alterTable('inspection_damages').addColumn('spot_y', 'double precision').execute();
  // The public player finds the damages of the picture it shows by this index.
  await db.schema
    .createIndex('inspection_damages_spot_image')
    .on('inspection_damages')
    .column('spot_image_id')
    .execute();
  await db.schema
    .alterTable('player_references')
    .addColumn('show_damages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('player_references')
    .addColumn('show_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('player_references').dropColumn('show_edited').execute();
  await db.schema.alterTable('player_references').dropColumn('show_damages').execute();
  await db.schema.dropIndex('inspection_damages_spot_image').ifExists().execute();
  for (const c of ['spot_y', 'spot_x', 'spot_image_id'])
    await db.schema.alterTable('inspection_damages').dropColumn(c).execute();
}
