import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A registration search ("AB1", "sz 304") looks for a fragment anywhere in the registration, which no
 * B-tree can seek: it stepped through every shooting of the caller's owners in the date range (7,000 index
 * entries, ~1.9 ms, on the 1,000,000-shooting bench). This table holds, per owner and registration as
 * stored, every three-character piece (gram) of its search key (registration_key: no spaces nor dashes). A
 * search of three characters or more first finds the registrations holding one of its grams (an
 * equality seek), then only their shootings (index shootings_registration_owner) and keeps those whose key
 * contains the whole text (decision 0098).
 *
 * Kept by triggers on shootings, so no writer can forget it: a row per distinct (owner, registration, gram),
 * added when a shooting is inserted or its registration or owner changes. Rows are never removed: a row
 * whose shootings are gone only names a candidate that matches nothing, and the table stays bounded by the
 * distinct registrations each owner has had.
 *
 * Also, shooting_month_counts (0008) gets a row per owner and month for all types together (shooting_type
 * '*'), kept by the same triggers: a deep page of the whole list (every type, the portal's default) adds up
 * 36 rows per owner over three years instead of 4 x 36.
 */

// Positions 1..30 of a gram in a key: registrations are at most 20 characters (contracts), older ones a few more.
const POSITIONS = `(${Array.from({ length: 30 }, (_, i) => `select ${i + 1} as n`).join(' union all ')})`;
const KEY = (column: string) => `replace(replace(${column}, ' ', ''), '-', '')`;

/** Inserts the grams of one shooting row (`new`) in a trigger; the `where` keeps the upsert unambiguous on SQLite. */
const ADD_GRAMS = `insert into shooting_registration_grams (owner_id, gram, registration)
  select new.owner_id, substr(k.k, p.n, 3), new.registration
  from (select ${KEY('new.registration')} as k) as k, ${POSITIONS} as p
  where p.n <= length(k.k) - 2
  on conflict do nothing;`;

const ALL_TYPES = `'*'`;
/** 0008's statements of one row (`old` or `new`) for its own type and, with withAll, for the all-types row too. */
const monthCounts = (row: 'old' | 'new', withAll: boolean) =>
  [`${row}.shooting_type`, ...(withAll ? [ALL_TYPES] : [])]
    .map((type) =>
      row === 'old'
        ? `update shooting_month_counts set n = n - 1 where owner_id = old.owner_id and shooting_type = ${type} and month = substr(old.created_at, 1, 7);`
        : `insert into shooting_month_counts (owner_id, shooting_type, month, n) values (new.owner_id, ${type}, substr(new.created_at, 1, 7), 1)
      on conflict (owner_id, shooting_type, month) do update set n = shooting_month_counts.n + 1;`,
    )
    .join(' ');

/** (Re)writes 0008's triggers, with or without the all-types rows. */
async function followMonthCounts(db: Kysely<unknown>, postgres: boolean, withAll: boolean): Promise<void> {
  const less = monthCounts('old', withAll);
  const more = monthCounts('new', withAll);
  if (postgres) {
    await sql
      .raw(
        `create or replace function shooting_month_counts_follow() returns trigger language plpgsql as $$
         begin
           if tg_op in ('DELETE', 'UPDATE') then ${less} end if;
           if tg_op in ('INSERT', 'UPDATE') then ${more} end if;
           return null;
         end $$`,
      )
      .execute(db);
    return;
  }
  for (const t of ['insert', 'delete', 'update'])
    await sql.raw(`drop trigger if exists shootings_month_counts_${t}`).execute(db);
  await sql.raw(`create trigger shootings_month_counts_insert after insert on shootings begin ${more} end`).execute(db);
  await sql.raw(`create trigger shootings_month_counts_delete after delete on shootings begin ${less} end`).execute(db);
  await sql
    .raw(
      `create trigger shootings_month_counts_update after update of owner_id, shooting_type, created_at on shootings
       begin ${less} ${more} end`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql
    .raw(
      `insert into shooting_month_counts (owner_id, shooting_type, month, n)
       select owner_id, ${ALL_TYPES}, month, sum(n) from shooting_month_counts group by owner_id, month`,
    )
    .execute(db);
  await followMonthCounts(db, postgres, true);

  await db.schema
    .createTable('shooting_registration_grams')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('gram', 'text', (c) => c.notNull())
    .addColumn('registration', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shooting_registration_grams_pk', ['owner_id', 'gram', 'registration'])
    // On SQLite the primary key is the table itself: one B-tree, no rowid.
    .$call((t) => (postgres ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  // One row per distinct (owner, registration) first, then its grams, in key order (1,000,000 shootings:
  // 250,000 registrations, 1.25 million grams; see decision 0098 for the time).
  await sql
    .raw(
      `insert into shooting_registration_grams (owner_id, gram, registration)
       select distinct r.owner_id, substr(r.k, p.n, 3), r.registration
       from (select distinct owner_id, registration, ${KEY('registration')} as k from shootings) as r, ${POSITIONS} as p
       where p.n <= length(r.k) - 2
       order by 1, 2, 3`,
    )
    .execute(db);

  if (postgres) {
    await sql
      .raw(
        `create function shooting_registration_grams_follow() returns trigger language plpgsql as $$
         begin ${ADD_GRAMS} return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger shootings_registration_grams after insert or update of registration, owner_id on shootings
         for each row execute function shooting_registration_grams_follow()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`create trigger shootings_registration_grams_insert after insert on shootings begin ${ADD_GRAMS} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger shootings_registration_grams_update after update of registration, owner_id on shootings
       begin ${ADD_GRAMS} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await followMonthCounts(db, postgres, false);
  await sql.raw(`delete from shooting_month_counts where shooting_type = ${ALL_TYPES}`).execute(db);
  if (postgres) {
    await sql`drop trigger if exists shootings_registration_grams on shootings`.execute(db);
    await sql`drop function if exists shooting_registration_grams_follow()`.execute(db);
  } else {
    for (const t of ['insert', 'update'])
      await sql`drop trigger if exists ${sql.raw(`shootings_registration_grams_${t}`)}`.execute(db);
  }
  await db.schema.dropTable('shooting_registration_grams').ifExists().execute();
}
