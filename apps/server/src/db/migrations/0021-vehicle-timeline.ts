import type { Kysely } from 'kysely';

/**
 * The vehicle page reads one registration's shootings and live rooms within the caller's owners: indexes
 * leading with the registration, so a vehicle is a few index entries rather than a scan of every owner's
 * shootings (the list's indexes lead with the owner and the date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('shootings_registration_owner')
    .on('shootings')
    .columns(['registration', 'owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('live_rooms_registration_owner')
    .on('live_rooms')
    .columns(['registration', 'owner_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('live_rooms_registration_owner').ifExists().execute();
  await db.schema.dropIndex('shootings_registration_owner').ifExists().execute();
}
