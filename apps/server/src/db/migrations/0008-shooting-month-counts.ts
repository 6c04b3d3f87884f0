import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * How many shootings each owner has of each type per calendar month (UTC, the first seven characters
 * of created_at), kept exact by triggers on shootings in the same transaction as the write. A deep
 * page of the list skips the whole months in front of it by adding these counts instead of stepping
 * through every shooting before the offset; B-tree indexes on both databases cannot count a range
 * without reading it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shooting_month_counts')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('shooting_type', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shooting_month_counts_pk', ['owner_id', 'shooting_type', 'month'])
    .execute();
  // Covering: a deep page reads the user's owners x types x months from the index alone.
  await db.schema
    .createIndex('shooting_month_counts_cover')
    .on('shooting_month_counts')
    .columns(['owner_id', 'shooting_type', 'month', 'n'])
    .execute();
  await sql`
    insert into shooting_month_counts (owner_id, shooting_type, month, n)
    select owner_id, shooting_type, substr(created_at, 1, 7), count(*) from shootings group by owner_id, shooting_type, substr(created_at, 1, 7)
  `.execute(db);

  const less = (row: 'old') =>
    sql.raw(
      `update shooting_month_counts set n = n - 1 where owner_id = ${row}.owner_id and shooting_type = ${row}.shooting_type and month = substr(${row}.created_at, 1, 7);`,
    );
  const more = (row: 'new') =>
    sql.raw(`insert into shooting_month_counts (owner_id, shooting_type, month, n) values (${row}.owner_id, ${row}.shooting_type, substr(${row}.created_at, 1, 7), 1)
      on conflict (owner_id, shooting_type, month) do update set n = shooting_month_counts.n + 1;`);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function shooting_month_counts_follow() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then ${less('old')} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${more('new')} end if;
        return null;
      end $$
    `.execute(db);
    await sql`
      create trigger shootings_month_counts after insert or delete or update of owner_id, shooting_type, created_at on shootings
      for each row execute function shooting_month_counts_follow()
    `.execute(db);
    return;
  }
  await sql`create trigger shootings_month_counts_insert after insert on shootings begin ${more('new')} end`.execute(
    db,
  );
  await sql`create trigger shootings_month_counts_delete after delete on shootings begin ${less('old')} end`.execute(
    db,
  );
  await sql`
    create trigger shootings_month_counts_update after update of owner_id, shooting_type, created_at on shootings
    begin ${less('old')} ${more('new')} end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists shootings_month_counts on shootings`.execute(db);
    await sql`drop function if exists shooting_month_counts_follow()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.raw(`shootings_month_counts_${t}`)}`.execute(db);
  }
  await db.schema.dropTable('shooting_month_counts').ifExists().execute();
}
