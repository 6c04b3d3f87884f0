import type { Kysely } from 'kysely';

/**
 * The framing a shooting's croppings share (decision 0059): the camera's height the shadows are drawn from, fixed
 * by the first picture of the shooting cropped, so every later picture and every retry draws the same shadow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shooting_framings')
    .addColumn('shooting_id', 'text', (c) => c.primaryKey().references('shootings.id').onDelete('cascade'))
    .addColumn('camera_height', 'double precision', (c) => c.notNull())
    .addColumn('fixed_by_edit_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shooting_framings').execute();
}
