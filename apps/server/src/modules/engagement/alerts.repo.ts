import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { recipientShootings } from './engagement-reads.repo';

export interface AlertContext {
  token: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  senderId: string;
  senderEmail: string;
  senderLocale: string;
  senderGroupId: string;
  shootingId: string;
  ownerId: string;
  productId: string;
  registration: string;
  brand: string | null;
  model: string | null;
}

const contextQuery = (db: Db) =>
  recipientShootings(db)
    .innerJoin('products as pr', 'pr.id', 's.product_id')
    .innerJoin('users as u', 'u.id', 'r.sender_id')
    .select([
      'r.token',
      'r.name',
      'r.email',
      'r.phone',
      'r.sender_id as senderId',
      'u.email as senderEmail',
      'u.locale as senderLocale',
      'u.group_id as senderGroupId',
      's.id as shootingId',
      's.owner_id as ownerId',
      's.product_id as productId',
      'pr.registration',
      'pr.brand',
      'pr.model',
    ]);

/** The recipient of a token with its sender and its vehicle: what an alert says. */
export async function findAlertContext(db: Db, token: string): Promise<AlertContext | null> {
  return (await contextQuery(db).where('r.token', '=', token).executeTakeFirst()) ?? null;
}

/** Whether the recipient opened another visit since `since` (a reload, a second tab): no second alert for it. */
export async function openedSince(db: Db, token: string, visit: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('engagement_visits')
    .select('visit_id')
    .where('token', '=', token)
    .where('visit_id', '<>', visit)
    .where('opened_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps the alert once per visit; false when that visit already has one. */
export async function insertAlert(
  db: Db,
  a: { id: string; userId: string; token: string; visit: string; createdAt: string },
): Promise<boolean> {
  const r = await db
    .insertInto('user_alerts')
    .values({ id: a.id, user_id: a.userId, token: a.token, visit_id: a.visit, created_at: a.createdAt })
    .onConflict((oc) => oc.columns(['token', 'visit_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface AlertRow extends AlertContext {
  id: string;
  device: string | null;
  createdAt: string;
  readAt: string | null;
}

const alertsQuery = (db: Db) =>
  contextQuery(db)
    .innerJoin('user_alerts as a', 'a.token', 'r.token')
    .leftJoin('engagement_visits as v', (j) =>
      j.onRef('v.token', '=', 'a.token').onRef('v.visit_id', '=', 'a.visit_id'),
    )
    .select(['a.id', 'v.device', 'a.created_at as createdAt', 'a.read_at as readAt']);

/** A user's newest alerts, of stocks they still reach. */
export async function listAlerts(
  db: Db,
  userId: string,
  ownerIds: readonly string[],
  limit: number,
): Promise<AlertRow[]> {
  if (ownerIds.length === 0) return [];
  return alertsQuery(db)
    .where('a.user_id', '=', userId)
    .where('s.owner_id', 'in', ownerIds)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findAlert(db: Db, userId: string, id: string): Promise<AlertRow | null> {
  return (await alertsQuery(db).where('a.user_id', '=', userId).where('a.id', '=', id).executeTakeFirst()) ?? null;
}

/** An alert by its id alone (the e-mail job acts for the system). */
export async function findAlertById(db: Db, id: string): Promise<AlertRow | null> {
  return (await alertsQuery(db).where('a.id', '=', id).executeTakeFirst()) ?? null;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_alerts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markAllRead(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('user_alerts')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export interface PreferencesRow {
  in_app: number;
  email: number;
  quiet_from: string | null;
  quiet_to: string | null;
  time_zone: string;
}

export async function findPreferences(db: Db, userId: string): Promise<PreferencesRow | null> {
  return (
    (await db
      .selectFrom('alert_preferences')
      .select(['in_app', 'email', 'quiet_from', 'quiet_to', 'time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? null
  );
}

export async function savePreferences(db: Db, userId: string, p: PreferencesRow): Promise<void> {
  await db
    .insertInto('alert_preferences')
    .values({ user_id: userId, ...p })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(p))
    .execute();
}

/** NOTIFY through a pooled connection: the alert bus's PostgreSQL driver. */
export async function notifyAlert(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
