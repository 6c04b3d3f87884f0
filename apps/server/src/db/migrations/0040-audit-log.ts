import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The audit log: one row per administrative change (who, what, before and after, when, from where). Rows
 * are only ever inserted: a trigger on each dialect refuses UPDATE and DELETE, so not even a bug or a
 * hand-typed statement through the application's connection rewrites history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('client_address', 'text')
    .execute();
  await db.schema.createIndex('audit_log_group_at').on('audit_log').columns(['group_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_log_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log entries cannot be changed or deleted';
      end $$`.execute(db);
    await sql`
      create trigger audit_log_immutable before update or delete on audit_log
      for each row execute function audit_log_immutable()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_immutable()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log entries cannot be changed or deleted'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log entries cannot be changed or deleted'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists audit_log_immutable()`.execute(db);
  }
}
