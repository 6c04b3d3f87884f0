import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Registrations are searched as people type them: "SZ304AR", "sz 304" and "SZ-304-AR" name the same car.
 * `registration_key` is the registration without spaces and dashes (registrations are stored upper-cased),
 * kept by the database so no writer can forget it, and the list's covering index carries it instead of the
 * registration: a search still scans the caller's owners in the index and never reads table rows.
 * PostgreSQL computes it as a stored generated column. SQLite can only add a virtual one, and a virtual
 * column in an index does not make the index covering (EXPLAIN QUERY PLAN: "USING INDEX", one table read
 * per entry scanned), so there a plain column is kept by triggers, as picture_count is (migration 0009).
 */
const KEY = (column: string) => `replace(replace(${column}, ' ', ''), '-', '')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`alter table shootings add column registration_key text generated always as (${KEY('registration')}) stored`)
      .execute(db);
  } else {
    await sql.raw(`alter table shootings add column registration_key text`).execute(db);
    await sql.raw(`update shootings set registration_key = ${KEY('registration')}`).execute(db);
    await sql
      .raw(
        `create trigger shootings_registration_key after insert on shootings for each row
         begin update shootings set registration_key = ${KEY('new.registration')} where id = new.id; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger shootings_registration_key_update after update of registration on shootings for each row
         begin update shootings set registration_key = ${KEY('new.registration')} where id = new.id; end`,
      )
      .execute(db);
  }
  await db.schema
    .createIndex('shootings_owner_created_search')
    .on('shootings')
    .columns(['owner_id', 'created_at', 'id', 'shooting_type', 'registration_key'])
    .execute();
  await db.schema.dropIndex('shootings_owner_created_cover').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('shootings_owner_created_cover')
    .on('shootings')
    .columns(['owner_id', 'created_at', 'id', 'shooting_type', 'registration'])
    .execute();
  await db.schema.dropIndex('shootings_owner_created_search').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql.raw('drop trigger if exists shootings_registration_key').execute(db);
    await sql.raw('drop trigger if exists shootings_registration_key_update').execute(db);
  }
  await db.schema.alterTable('shootings').dropColumn('registration_key').execute();
}
