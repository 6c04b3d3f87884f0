import type { Kysely } from 'kysely';

/**
 * The angle of each picture position of a shooting (front, rear ¾, interior...), which marketplace profiles
 * order pictures by (decision 0097). source 'user' is a person's correction: recognition never overwrites it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('picture_angles')
    .addColumn('shooting_id', 'text', (c) => c.notNull().references('shootings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('angle', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('picture_angles_pk', ['shooting_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('picture_angles').execute();
}
