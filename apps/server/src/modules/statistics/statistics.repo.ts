import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export async function insertEvent(
  db: Db,
  row: { id: string; userId: string; kind: string; subject: string; payload: object; now: string },
): Promise<void> {
  await db
    .insertInto('statistics_events')
    .values({
      id: row.id,
      user_id: row.userId,
      kind: row.kind,
      subject: row.subject,
      payload: JSON.stringify(row.payload),
      created_at: row.now,
    })
    .execute();
}

/** A period of instants, `since` included and `until` excluded, over some owners. */
export interface CountScope {
  ownerIds: string[];
  since: string;
  until: string;
}

// Timestamps are ISO text (UTC), so the first 13 characters are the hour: counts come by hour and the
// service puts each hour on the day of the caller's time zone.
const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;

/** Player visits and shares of the owners' shootings, counted per owner, kind, payload and UTC hour. */
export async function countPlayerEvents(
  db: Db,
  scope: CountScope,
): Promise<{ ownerId: string; kind: string; payload: string; hour: string; n: number | string }[]> {
  if (!scope.ownerIds.length) return [];
  return db
    .selectFrom('statistics_events as e')
    .innerJoin('player_references as r', 'r.ref', 'e.subject')
    .innerJoin('shootings as s', 's.id', 'r.shooting_id')
    .select((eb) => [
      's.owner_id as ownerId',
      'e.kind',
      'e.payload',
      hourOf('e.created_at').as('hour'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('e.kind', 'in', ['PLAYER_WATCHED', 'PLAYER_SHARED'])
    .where('e.created_at', '>=', scope.since)
    .where('e.created_at', '<', scope.until)
    .where('s.owner_id', 'in', scope.ownerIds)
    .groupBy(['s.owner_id', 'e.kind', 'e.payload', hourOf('e.created_at')])
    .execute();
}

/**
 * Ratings of the owners' players and of the live calls in their rooms (both rate the dealer's service):
 * how many and the sum of their scores, per owner and UTC hour. A rating's owner is its player's
 * shooting's, or its room's.
 */
export async function sumRatings(
  db: Db,
  scope: CountScope,
): Promise<{ ownerId: string; hour: string; n: number | string; total: number | string | null }[]> {
  if (!scope.ownerIds.length) return [];
  const rated = db
    .selectFrom('player_references as r')
    .innerJoin('shootings as s', 's.id', 'r.shooting_id')
    .select(['r.ref as target', 's.owner_id', sql<string>`'PLAYER'`.as('kind')])
    .where('s.owner_id', 'in', scope.ownerIds)
    .unionAll(
      db
        .selectFrom('live_rooms as l')
        .select(['l.id as target', 'l.owner_id', sql<string>`'LIVE'`.as('kind')])
        .where('l.owner_id', 'in', scope.ownerIds),
    );
  return db
    .selectFrom('ratings as g')
    .innerJoin(rated.as('t'), (join) => join.onRef('t.target', '=', 'g.target').onRef('t.kind', '=', 'g.kind'))
    .select((eb) => [
      't.owner_id as ownerId',
      hourOf('g.created_at').as('hour'),
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>('g.score').as('total'),
    ])
    .where('g.created_at', '>=', scope.since)
    .where('g.created_at', '<', scope.until)
    .groupBy(['t.owner_id', hourOf('g.created_at')])
    .execute();
}

/** A live meeting held in a room (two participants connected); the id makes a retry count once. */
export async function insertMeetingHeld(db: Db, row: { id: string; roomId: string; now: string }): Promise<void> {
  await db
    .insertInto('statistics_events')
    .values({
      id: row.id,
      user_id: null,
      kind: 'LIVE_MEETING_HELD',
      subject: row.roomId,
      payload: '{}',
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Live meetings held in the owners' rooms, per owner and UTC hour. */
export async function countLiveMeetings(
  db: Db,
  scope: CountScope,
): Promise<{ ownerId: string; hour: string; n: number | string }[]> {
  if (!scope.ownerIds.length) return [];
  return db
    .selectFrom('statistics_events as e')
    .innerJoin('live_rooms as r', 'r.id', 'e.subject')
    .select((eb) => [
      'r.owner_id as ownerId',
      hourOf('e.created_at').as('hour'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('e.kind', '=', 'LIVE_MEETING_HELD')
    .where('e.created_at', '>=', scope.since)
    .where('e.created_at', '<', scope.until)
    .where('r.owner_id', 'in', scope.ownerIds)
    .groupBy(['r.owner_id', hourOf('e.created_at')])
    .execute();
}
