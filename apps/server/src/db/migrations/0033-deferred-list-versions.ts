import { PostgresAdapter, sql, type Kysely } from 'kysely';

const LISTED_COLUMNS =
  'owner_id, product_id, shooting_type, registration, created_at, remarketing_status, stamp_id, picture_count, cover_key';

/** The two per-owner rows a shootings write updates by trigger: its list version (0010) and its month count (0008). */
const TRIGGERS = [
  {
    name: 'shootings_data_versions',
    events: `insert or delete or update of ${LISTED_COLUMNS}`,
    fn: 'shooting_list_versions_follow',
  },
  {
    name: 'shootings_month_counts',
    events: 'insert or delete or update of owner_id, shooting_type, created_at',
    fn: 'shooting_month_counts_follow',
  },
];

/**
 * PostgreSQL: the owner's rows that a shootings write updates by trigger (its list version, its month
 * count) are updated when the writing transaction commits instead of at its first write. Each such
 * update locks the owner's row until the commit, so with it at the start every registration of the same
 * owner waited for the whole transaction of the one before it (a third of PostgreSQL's statement time
 * under the load bench was that wait). At commit, the rows are held only for the commit; the update is
 * still in the same transaction as the write, so a reader that checks the version before reading never
 * keeps a page built without a write it was told about. SQLite writes one transaction at a time and keeps
 * its triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const t of TRIGGERS) {
    await sql.raw(`drop trigger if exists ${t.name} on shootings`).execute(db);
    await sql
      .raw(
        `create constraint trigger ${t.name} after ${t.events} on shootings deferrable initially deferred for each row execute function ${t.fn}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const t of TRIGGERS) {
    await sql.raw(`drop trigger if exists ${t.name} on shootings`).execute(db);
    await sql
      .raw(`create trigger ${t.name} after ${t.events} on shootings for each row execute function ${t.fn}()`)
      .execute(db);
  }
}
