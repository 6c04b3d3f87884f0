import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The version row of a change that may touch every owner's list (a stamp renamed); every read includes it. */
export const ALL_OWNERS = '*';

/**
 * Data versions that let an API process keep what it read and still see every write at once, whichever
 * process or API instance makes it: triggers bump a version in the same transaction as each write, and
 * a reader keeps a result only with the versions it read before it, checking them again (one indexed
 * read) before each reuse. Versions only grow and rows are never removed; a missing row is version 0.
 *
 * - shooting_list_versions, per owner: every write a shootings list item shows (a shooting inserted,
 *   deleted or updated in a listed column, including the picture count and cover kept by the image
 *   triggers of 0009; its product's model; its owner's name; a stamp's name, under ALL_OWNERS). Read by
 *   the list cache (modules/shootings/shootings-list-cache.ts).
 * - user_context_versions, per user: the account, its options, models and owners (the UserContext of
 *   every authenticated request). Read by the user context cache (modules/identity/user-context-cache.ts).
 */
const LISTED_COLUMNS =
  'owner_id, product_id, shooting_type, registration, created_at, remarketing_status, stamp_id, picture_count, cover_key';
const USER_TABLES = ['user_options', 'user_models', 'user_owners'];

const bump = (table: string, column: string, value: string) =>
  `insert into ${table} (${column}, version) values (${value}, 1) on conflict (${column}) do update set version = ${table}.version + 1;`;
const bumpOwner = (owner: string) => bump('shooting_list_versions', 'owner_id', owner);
const bumpUser = (user: string) => bump('user_context_versions', 'user_id', user);
// SQLite reads an upsert after `insert ... select` only when the select has a where clause, as here.
const bumpOwnersOfProduct = (product: string) =>
  `insert into shooting_list_versions (owner_id, version) select distinct owner_id, 1 from shootings where product_id = ${product}
     on conflict (owner_id) do update set version = shooting_list_versions.version + 1;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of [
    ['shooting_list_versions', 'owner_id'],
    ['user_context_versions', 'user_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(column, 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
  }

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function shooting_list_versions_follow() returns trigger language plpgsql as $$
        begin
          if tg_table_name = 'shootings' then
            if tg_op in ('DELETE', 'UPDATE') then ${bumpOwner('old.owner_id')} end if;
            if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.owner_id <> old.owner_id) then ${bumpOwner('new.owner_id')} end if;
          elsif tg_table_name = 'products' then ${bumpOwnersOfProduct('new.id')}
          elsif tg_table_name = 'owners' then ${bumpOwner('new.id')}
          else ${bumpOwner(`'${ALL_OWNERS}'`)}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function user_context_versions_follow() returns trigger language plpgsql as $$
        begin
          if tg_table_name = 'users' then ${bumpUser('old.id')}
          else
            if tg_op in ('DELETE', 'UPDATE') then ${bumpUser('old.user_id')} end if;
            if tg_op in ('INSERT', 'UPDATE') then ${bumpUser('new.user_id')} end if;
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    const on = (table: string, events: string, fn: string) =>
      sql
        .raw(`create trigger ${table}_data_versions after ${events} on ${table} for each row execute function ${fn}()`)
        .execute(db);
    await on('shootings', `insert or delete or update of ${LISTED_COLUMNS}`, 'shooting_list_versions_follow');
    await on('products', 'update of model', 'shooting_list_versions_follow');
    await on('owners', 'update of name', 'shooting_list_versions_follow');
    await on('stamps', 'update of name', 'shooting_list_versions_follow');
    await on('users', 'update or delete', 'user_context_versions_follow');
    for (const t of USER_TABLES) await on(t, 'insert or update or delete', 'user_context_versions_follow');
    return;
  }
  const trigger = (name: string, event: string, body: string) =>
    sql.raw(`create trigger ${name} after ${event} begin ${body} end`).execute(db);
  await trigger('shootings_list_versions_insert', 'insert on shootings', bumpOwner('new.owner_id'));
  await trigger('shootings_list_versions_delete', 'delete on shootings', bumpOwner('old.owner_id'));
  await trigger(
    'shootings_list_versions_update',
    `update of ${LISTED_COLUMNS} on shootings`,
    bumpOwner('old.owner_id'),
  );
  await trigger(
    'shootings_list_versions_move',
    'update of owner_id on shootings when new.owner_id <> old.owner_id',
    bumpOwner('new.owner_id'),
  );
  await trigger('products_list_versions', 'update of model on products', bumpOwnersOfProduct('new.id'));
  await trigger('owners_list_versions', 'update of name on owners', bumpOwner('new.id'));
  await trigger('stamps_list_versions', 'update of name on stamps', bumpOwner(`'${ALL_OWNERS}'`));
  await trigger('users_context_versions_update', 'update on users', bumpUser('old.id'));
  await trigger('users_context_versions_delete', 'delete on users', bumpUser('old.id'));
  for (const t of USER_TABLES) {
    await trigger(`${t}_context_versions_insert`, `insert on ${t}`, bumpUser('new.user_id'));
    await trigger(`${t}_context_versions_delete`, `delete on ${t}`, bumpUser('old.user_id'));
    await trigger(
      `${t}_context_versions_update`,
      `update on ${t}`,
      `${bumpUser('old.user_id')} ${bumpUser('new.user_id')}`,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const t of ['shootings', 'products', 'owners', 'stamps', 'users', ...USER_TABLES])
      await sql.raw(`drop trigger if exists ${t}_data_versions on ${t}`).execute(db);
    await sql`drop function if exists shooting_list_versions_follow()`.execute(db);
    await sql`drop function if exists user_context_versions_follow()`.execute(db);
  } else {
    const triggers = [
      'shootings_list_versions_insert',
      'shootings_list_versions_delete',
      'shootings_list_versions_update',
      'shootings_list_versions_move',
      'products_list_versions',
      'owners_list_versions',
      'stamps_list_versions',
      'users_context_versions_update',
      'users_context_versions_delete',
      ...USER_TABLES.flatMap((t) => ['insert', 'delete', 'update'].map((e) => `${t}_context_versions_${e}`)),
    ];
    for (const t of triggers) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await db.schema.dropTable('shooting_list_versions').ifExists().execute();
  await db.schema.dropTable('user_context_versions').ifExists().execute();
}
