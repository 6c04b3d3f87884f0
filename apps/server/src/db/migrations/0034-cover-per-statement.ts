import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { refreshCoverSql } from './0009-shooting-list-cover';

// Each shooting the statement's images belong to (changed_images: the transition table of the triggers
// below), by its primary key: a join of shootings with the transition table, of which the planner knows
// no size, was planned as a scan of shootings (2 ms a call under the load bench).
const REFRESH_CHANGED = `for sid in select distinct shooting_id from changed_images loop ${refreshCoverSql('sid')} end loop`;

/**
 * PostgreSQL: the picture count and cover of 0009 are recomputed once per statement that inserts or
 * deletes images, for the shootings it touched, instead of once per image row. A registration inserts its
 * three images in one statement: the per-row trigger recounted and re-picked the cover three times, each an
 * update of the shooting (and, through the deferred trigger of 0033, a bump of its owner's list version):
 * its insert cost 6.4 ms a call under the load bench. The result is the same, as a row trigger of an
 * AFTER statement already saw every row of it. Updates of an image keep the row trigger of 0009 (a
 * statement-level trigger with transition tables cannot name the columns, and it would run for every
 * update of images, such as a size or a mask). SQLite has no statement-level triggers and runs in-process,
 * where a trigger costs no round trip: it keeps 0009's row triggers, with the same results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function shooting_cover_follow_statement() returns trigger language plpgsql as $$
      declare sid text;
      begin
        ${REFRESH_CHANGED};
        return null;
      end $$`,
    )
    .execute(db);
  await sql`drop trigger if exists images_shooting_cover on images`.execute(db);
  await sql`
    create trigger images_shooting_cover after update of shooting_id, position, image_type, blob_key, thumbnail_key on images
    for each row execute function shooting_cover_follow()
  `.execute(db);
  // One event per trigger: PostgreSQL allows transition tables only on single-event triggers.
  await sql`
    create trigger images_shooting_cover_insert after insert on images
    referencing new table as changed_images for each statement execute function shooting_cover_follow_statement()
  `.execute(db);
  await sql`
    create trigger images_shooting_cover_delete after delete on images
    referencing old table as changed_images for each statement execute function shooting_cover_follow_statement()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists images_shooting_cover_insert on images`.execute(db);
  await sql`drop trigger if exists images_shooting_cover_delete on images`.execute(db);
  await sql`drop function if exists shooting_cover_follow_statement()`.execute(db);
  await sql`drop trigger if exists images_shooting_cover on images`.execute(db);
  await sql`
    create trigger images_shooting_cover after insert or delete or update of shooting_id, position, image_type, blob_key, thumbnail_key on images
    for each row execute function shooting_cover_follow()
  `.execute(db);
}
