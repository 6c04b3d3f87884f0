import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

// The tables of the PostgreSQL signal bus (migration 0026). Times are epoch milliseconds; PostgreSQL's
// bigint comes back as a string, hence the Number() on what is read.

export interface MemberRow {
  participantId: string;
  identity: string;
  host: boolean;
  media: string | null;
  waiting: boolean;
}

export interface NewMember {
  room: string;
  participantId: string;
  identity: string;
  host: boolean;
  processId: string;
  session: string;
  leaseUntil: number;
  now: number;
  /** Asks to wait in the lobby: kept only by a member not yet a participant. */
  waiting: boolean;
}

export interface TakeOver {
  /** The member was there (its socket dropped, or its process died): it keeps its place. */
  resumed: boolean;
  /** It was there as a waiting member. */
  wasWaiting: boolean;
  /** It waits in the lobby now. */
  waiting: boolean;
  /** What was kept for it while its socket was away, oldest first: [message id, message JSON]. */
  missed: [string, string][];
}

const memberColumns = ['participant_id as participantId', 'identity', 'host', 'media', 'waiting'] as const;
const toMember = (r: {
  participantId: string;
  identity: string;
  host: number;
  media: string | null;
  waiting: number;
}): MemberRow => ({
  ...r,
  host: r.host === 1,
  waiting: r.waiting === 1,
});

/**
 * Adds the member, or hands it over to this socket (`session`, `processId`) when it is still there: one
 * transaction holding its row, so a second socket of the same participant waits for the first handover.
 * Takes what was kept for it (the newest `maxMissed`) out of `live_missed`.
 */
export async function takeOverOrInsertMember(db: Db, m: NewMember, maxMissed: number): Promise<TakeOver> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('live_members')
      .select(['session', 'waiting'])
      .where('room', '=', m.room)
      .where('participant_id', '=', m.participantId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) {
      const inserted = await trx
        .insertInto('live_members')
        .values({
          room: m.room,
          participant_id: m.participantId,
          identity: m.identity,
          host: m.host ? 1 : 0,
          media: null,
          process_id: m.processId,
          session: m.session,
          detached: 0,
          lease_until: m.leaseUntil,
          joined_at: m.now,
          waiting: m.waiting ? 1 : 0,
        })
        .onConflict((oc) => oc.columns(['room', 'participant_id']).doNothing())
        .executeTakeFirst();
      // A concurrent join of the same participant inserted first: this one takes over from it below.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1)
        return { resumed: false, missed: [], wasWaiting: false, waiting: m.waiting };
    }
    // A concurrent insert's row (no `existing`) is read again for its state.
    const wasWaiting =
      (
        existing ??
        (await trx
          .selectFrom('live_members')
          .select('waiting')
          .where('room', '=', m.room)
          .where('participant_id', '=', m.participantId)
          .executeTakeFirst())
      )?.waiting === 1;
    const waiting = wasWaiting && m.waiting;
    await trx
      .updateTable('live_members')
      .set({
        process_id: m.processId,
        session: m.session,
        detached: 0,
        lease_until: m.leaseUntil,
        waiting: waiting ? 1 : 0,
      })
      .where('room', '=', m.room)
      .where('participant_id', '=', m.participantId)
      .execute();
    const missed = await trx
      .selectFrom('live_missed')
      .select(['id', 'message'])
      .where('room', '=', m.room)
      .where('participant_id', '=', m.participantId)
      .orderBy('seq', 'desc')
      .limit(maxMissed)
      .execute();
    await trx
      .deleteFrom('live_missed')
      .where('room', '=', m.room)
      .where('participant_id', '=', m.participantId)
      .execute();
    return {
      resumed: true,
      wasWaiting,
      waiting,
      missed: missed.reverse().map((r) => [r.id, r.message] as [string, string]),
    };
  });
}

export async function listMembers(db: Db, room: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('live_members')
    .select(memberColumns)
    .where('room', '=', room)
    .orderBy('joined_at')
    .orderBy('participant_id')
    .execute();
  return rows.map(toMember);
}

/** Whether the member is in the room (`participantOnly`: and not waiting in its lobby). */
export async function isMember(db: Db, room: string, participantId: string, participantOnly = false): Promise<boolean> {
  let query = db
    .selectFrom('live_members')
    .select('participant_id')
    .where('room', '=', room)
    .where('participant_id', '=', participantId);
  if (participantOnly) query = query.where('waiting', '=', 0);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Makes a waiting member a participant if `session` is still its socket; true when it did. */
export async function admitMember(db: Db, room: string, participantId: string, session: string): Promise<boolean> {
  const r = await db
    .updateTable('live_members')
    .set({ waiting: 0 })
    .where('room', '=', room)
    .where('participant_id', '=', participantId)
    .where('session', '=', session)
    .where('waiting', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether anyone is a member of the room, on any process. */
export async function roomOccupied(db: Db, room: string): Promise<boolean> {
  const row = await db
    .selectFrom('live_members')
    .select('participant_id')
    .where('room', '=', room)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Members of a room, waiting ones included, but `except`. */
export async function countMembers(db: Db, room: string, except?: string): Promise<number> {
  let query = db
    .selectFrom('live_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('room', '=', room);
  if (except) query = query.where('participant_id', '<>', except);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Marks the member's socket as away, if `session` is still its socket; its lease becomes the rejoin grace. */
export async function detachMember(
  db: Db,
  room: string,
  participantId: string,
  session: string,
  leaseUntil: number,
): Promise<boolean> {
  const r = await db
    .updateTable('live_members')
    .set({ detached: 1, lease_until: leaseUntil })
    .where('room', '=', room)
    .where('participant_id', '=', participantId)
    .where('session', '=', session)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Removes the member if `session` is still its socket; with the room's last member goes its spin. */
export async function deleteMember(db: Db, room: string, participantId: string, session: string): Promise<boolean> {
  const r = await db
    .deleteFrom('live_members')
    .where('room', '=', room)
    .where('participant_id', '=', participantId)
    .where('session', '=', session)
    .executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) return false;
  await forgetMembers(db, [{ room, participantId }]);
  return true;
}

/** Renews the leases of the members whose sockets this process holds open; answers how many it renewed. */
export async function renewLeases(db: Db, processId: string, leaseUntil: number): Promise<number> {
  const r = await db
    .updateTable('live_members')
    .set({ lease_until: leaseUntil })
    .where('process_id', '=', processId)
    .where('detached', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Removes the members whose lease ran out (grace over, or their process died); each is answered once, to the process that removed it. */
export async function deleteExpiredMembers(
  db: Db,
  now: number,
): Promise<{ room: string; participantId: string; waiting: number }[]> {
  const gone = await db
    .deleteFrom('live_members')
    .where('lease_until', '<', now)
    .returning(['room', 'participant_id as participantId', 'waiting'])
    .execute();
  await forgetMembers(db, gone);
  return gone;
}

async function forgetMembers(db: Db, gone: { room: string; participantId: string }[]): Promise<void> {
  for (const { room, participantId } of gone)
    await db.deleteFrom('live_missed').where('room', '=', room).where('participant_id', '=', participantId).execute();
  const rooms = [...new Set(gone.map((g) => g.room))];
  if (rooms.length === 0) return;
  await db
    .deleteFrom('live_room_spins')
    .where('room', 'in', rooms)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('live_members')
            .select('participant_id')
            .whereRef('live_members.room', '=', 'live_room_spins.room'),
        ),
      ),
    )
    .execute();
}

/**
 * Keeps a message for a member whose socket is away, only while `session` is still its socket: the row
 * lock makes a handover to another process wait for this write, or this write see the handover and
 * keep nothing (the new socket receives the message itself).
 */
export async function keepMissed(
  db: Db,
  m: { id: string; room: string; participantId: string; session: string; seq: number; message: string; now: number },
): Promise<void> {
  await db
    .insertInto('live_missed')
    .columns(['id', 'room', 'participant_id', 'seq', 'message', 'created_at'])
    .expression(
      db
        .selectFrom('live_members')
        .select([
          sql<string>`${m.id}`.as('id'),
          'room',
          'participant_id',
          sql<number>`${m.seq}`.as('seq'),
          sql<string>`${m.message}`.as('message'),
          sql<number>`${m.now}`.as('created_at'),
        ])
        .where('room', '=', m.room)
        .where('participant_id', '=', m.participantId)
        .where('session', '=', m.session)
        .forShare(),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function setMemberMedia(db: Db, room: string, participantId: string, media: string): Promise<void> {
  await db
    .updateTable('live_members')
    .set({ media })
    .where('room', '=', room)
    .where('participant_id', '=', participantId)
    .execute();
}

export async function getRoomSpin(db: Db, room: string): Promise<string | null> {
  const row = await db.selectFrom('live_room_spins').select('spin').where('room', '=', room).executeTakeFirst();
  return row?.spin ?? null;
}

export async function setRoomSpin(db: Db, room: string, spin: string | null): Promise<void> {
  await db
    .insertInto('live_room_spins')
    .values({ room, spin })
    .onConflict((oc) => oc.column('room').doUpdateSet({ spin }))
    .execute();
}

/** A message too large for a notification, for the processes to read by id. */
export async function putLargeSignal(db: Db, id: string, payload: string, now: number): Promise<void> {
  await db.insertInto('live_signals').values({ id, payload, created_at: now }).execute();
}

export async function getLargeSignal(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('live_signals').select('payload').where('id', '=', id).executeTakeFirst();
  return row?.payload ?? null;
}

/** Large messages and kept messages older than `before`: read long ago, or for members long gone. */
export async function sweepOldSignals(db: Db, before: number): Promise<void> {
  await db.deleteFrom('live_signals').where('created_at', '<', before).execute();
  await db.deleteFrom('live_missed').where('created_at', '<', before).execute();
}

/** NOTIFY through a pooled connection (any session may notify; only the listener's must stay). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** How many messages are kept for a member whose socket is away (tests wait for them). */
export async function countMissed(db: Db, room: string, participantId: string): Promise<number> {
  const rows = await db
    .selectFrom('live_missed')
    .select('id')
    .where('room', '=', room)
    .where('participant_id', '=', participantId)
    .execute();
  return rows.length;
}
