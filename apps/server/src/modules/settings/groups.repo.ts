import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';

export interface GroupRow {
  id: string;
  name: string;
  createdAt: string;
  deactivatedAt: string | null;
  stockCount: number;
  userCount: number;
  stampCount: number;
}

const count = (table: 'owners' | 'users' | 'stamps') =>
  sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.group_id`)} = dealer_groups.id)`;

const withCounts = (db: Db) =>
  db
    .selectFrom('dealer_groups')
    .select(['id', 'name', 'created_at', 'deactivated_at'])
    .select([count('owners').as('stocks'), count('users').as('users'), count('stamps').as('stamps')]);

type Row = {
  id: string;
  name: string;
  created_at: string;
  deactivated_at?: string | null;
  stocks: number | string;
  users: number | string;
  stamps: number | string;
};
const toGroup = (r: Row): GroupRow => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  deactivatedAt: r.deactivated_at ?? null,
  stockCount: Number(r.stocks),
  userCount: Number(r.users),
  stampCount: Number(r.stamps),
});

export async function listGroups(db: Db): Promise<GroupRow[]> {
  return (await withCounts(db).orderBy('name').orderBy('id').execute()).map(toGroup);
}

export async function findGroup(db: Db, id: string): Promise<GroupRow | null> {
  const row = await withCounts(db).where('id', '=', id).executeTakeFirst();
  return row ? toGroup(row) : null;
}

/** The groups named `name` whatever its letter case, for the one-name rule. */
export const groupsNamedAlike = (db: Executor, name: string) =>
  db
    .selectFrom('dealer_groups')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .execute();

export async function insertGroup(db: Executor, row: { id: string; name: string; createdAt: string }) {
  await db.insertInto('dealer_groups').values({ id: row.id, name: row.name, created_at: row.createdAt }).execute();
}

export async function renameGroup(db: Executor, id: string, name: string): Promise<void> {
  await db.updateTable('dealer_groups').set({ name }).where('id', '=', id).execute();
}

/**
 * Sets or clears the group's deactivation and bumps the data version of each of its users, so that the
 * user context cache of every API process re-reads them on their next request (migration 0010).
 */
export async function setGroupDeactivated(db: Executor, id: string, at: string | null): Promise<void> {
  await db.updateTable('dealer_groups').set({ deactivated_at: at }).where('id', '=', id).execute();
  await sql`insert into user_context_versions (user_id, version) select id, 1 from users where group_id = ${id}
    on conflict (user_id) do update set version = user_context_versions.version + 1`.execute(db);
}
