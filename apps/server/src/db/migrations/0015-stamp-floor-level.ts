import type { Kysely } from 'kysely';

/**
 * Where a stamp's set has its floor: the height, in percent from the top, of the line where its wall meets
 * its floor. Cropping stands the vehicle's wheels on that floor and keeps the wall above it for the sign.
 * 60 is where the sets drawn so far have it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stamp_configurations')
    .addColumn('floor_level', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stamp_configurations').dropColumn('floor_level').execute();
}
