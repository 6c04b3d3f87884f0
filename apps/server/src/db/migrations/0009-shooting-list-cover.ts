import { ORDER_GALLERY_PREFERENCE } from '@forecourt/contracts';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Each shooting's picture count (distinct positions) and list cover (the thumbnail, else the file, of
 * the first position's image the order gallery prefers: the type latest in ORDER_GALLERY_PREFERENCE,
 * else any) on its own row, so a list page reads 12 rows instead of three image subqueries per row.
 * Triggers on images recompute them in the same transaction as every image write, whichever module
 * makes it (upload, processing, editing, stamps, deletes).
 */
const rank = `case i.image_type ${ORDER_GALLERY_PREFERENCE.map((t, r) => `when '${t}' then ${r}`).join(' ')} else -1 end`;
const pictureCount = (id: string) => `(select count(distinct c.position) from images as c where c.shooting_id = ${id})`;
const coverKey = (id: string) =>
  `(select coalesce(i.thumbnail_key, i.blob_key) from images as i
     where i.shooting_id = ${id} and i.position = (select min(m.position) from images as m where m.shooting_id = ${id})
     order by ${rank} desc, i.image_type limit 1)`;
/** The update of one shooting's picture count and cover (also the statement-level triggers of 0034). */
export const refreshCoverSql = (id: string) =>
  `update shootings set picture_count = ${pictureCount(id)}, cover_key = ${coverKey(id)} where id = ${id};`;

/** Recomputes every shooting's columns (the migration's backfill; bench fills run it after a bulk load with the triggers off). */
export const BACKFILL_SQL = `update shootings set picture_count = ${pictureCount('shootings.id')}, cover_key = ${coverKey('shootings.id')}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shootings')
    .addColumn('picture_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('shootings').addColumn('cover_key', 'text').execute();
  await sql.raw(BACKFILL_SQL).execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function shooting_cover_follow() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then ${refreshCoverSql('old.shooting_id')} end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.shooting_id <> old.shooting_id) then ${refreshCoverSql('new.shooting_id')} end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`
      create trigger images_shooting_cover after insert or delete or update of shooting_id, position, image_type, blob_key, thumbnail_key on images
      for each row execute function shooting_cover_follow()
    `.execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger images_shooting_cover_insert after insert on images begin ${refreshCoverSql('new.shooting_id')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger images_shooting_cover_delete after delete on images begin ${refreshCoverSql('old.shooting_id')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger images_shooting_cover_update after update of shooting_id, position, image_type, blob_key, thumbnail_key on images
       begin ${refreshCoverSql('old.shooting_id')} ${refreshCoverSql('new.shooting_id')} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists images_shooting_cover on images`.execute(db);
    await sql`drop function if exists shooting_cover_follow()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists images_shooting_cover_${t}`).execute(db);
  }
  await db.schema.alterTable('shootings').dropColumn('cover_key').execute();
  await db.schema.alterTable('shootings').dropColumn('picture_count').execute();
}
