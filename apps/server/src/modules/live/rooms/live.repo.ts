import type { LiveRoomsTable } from '../../../db/schema';
import { camelRow, snakeRow, type Camel } from '../../../platform/db/camel-rows';
import type { Db, Executor } from '../../../platform/db/database';

/** A live room in the domain's camelCase (its API answers keep the portal's snake_case names). */
export type LiveRoomRow = Camel<LiveRoomsTable>;

export async function insertRoom(db: Db, row: LiveRoomRow): Promise<void> {
  await db
    .insertInto('live_rooms')
    .values(snakeRow<LiveRoomsTable>(row) as LiveRoomsTable)
    .execute();
}

/** The rooms a user created on the owners they still reach, latest appointment first. */
export async function listRooms(db: Db, userId: string, ownerIds: string[]): Promise<LiveRoomRow[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom('live_rooms')
    .selectAll()
    .where('user_id', '=', userId)
    .where('owner_id', 'in', ownerIds)
    .orderBy('appointment_date', 'desc')
    .limit(500)
    .execute();
  return rows.map(camelRow);
}

export async function findRoom(db: Db, id: string): Promise<LiveRoomRow | null> {
  const row = await db.selectFrom('live_rooms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? camelRow(row) : null;
}

export async function findRoomByName(db: Db, roomName: string): Promise<LiveRoomRow | null> {
  const row = await db.selectFrom('live_rooms').selectAll().where('room_name', '=', roomName).executeTakeFirst();
  return row ? camelRow(row) : null;
}

export async function findOwner(db: Db, ownerId: string) {
  return (
    (await db
      .selectFrom('owners')
      .select([
        'id',
        'name',
        'label',
        'logo_key as logoKey',
        'contact_information as contactInformation',
        'contact_phone as contactPhone',
      ])
      .where('id', '=', ownerId)
      .executeTakeFirst()) ?? null
  );
}

/** The newest shooting of the owner's vehicle with this registration that has a 360 spin (STANDARD). */
export async function findVehicleShooting(
  db: Db,
  ownerId: string,
  registration: string,
): Promise<{ id: string } | null> {
  return (
    (await db
      .selectFrom('shootings')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('registration', '=', registration)
      .where('shooting_type', '=', 'STANDARD')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** A participant came into the room: its start (the first one's time) and its count, while it has not ended. */
export async function markRoomEntered(db: Db, id: string, now: string): Promise<void> {
  await db
    .updateTable('live_rooms')
    .set((eb) => ({
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
      participants_count: eb('participants_count', '+', 1),
    }))
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Ends the room at `now` unless it has ended already (`started` only: one that nobody came into does not end by
 * being empty). One statement: of two API processes ending it at once, one does; answers whether this one did.
 */
export async function markRoomEnded(
  db: Executor,
  id: string,
  now: string,
  opts: { started: boolean },
): Promise<boolean> {
  let q = db.updateTable('live_rooms').set({ ended_at: now }).where('id', '=', id).where('ended_at', 'is', null);
  if (opts.started) q = q.where('started_at', 'is not', null);
  return (await q.executeTakeFirst()).numUpdatedRows > 0n;
}

export const roomEnd = (db: Executor, id: string) =>
  db
    .selectFrom('live_rooms')
    .select(['id', 'owner_id', 'registration', 'started_at', 'ended_at', 'participants_count'])
    .where('id', '=', id)
    .executeTakeFirst();
