import type { Db } from '../../platform/db/database';

// The vehicle page's read model. Every read here takes shootings, references or rooms the service has
// already found within the caller's owners, and gathers them for all of them at once (one statement per
// table, whatever the number of shootings), so the page costs the same few statements for 1 or 50.

/** Inspection heads of these shootings. */
export async function inspectionsOf(db: Db, shootingIds: readonly string[]) {
  if (shootingIds.length === 0) return [];
  return db
    .selectFrom('inspections')
    .select(['shooting_id', 'currency', 'overall_condition', 'repair_order_number', 'mileage'])
    .where('shooting_id', 'in', [...shootingIds])
    .execute();
}

/** Damages per shooting, and how many of them are severe. */
export async function damageCountsOf(db: Db, shootingIds: readonly string[]) {
  if (shootingIds.length === 0) return [];
  return db
    .selectFrom('inspection_damages')
    .select((eb) => [
      'shooting_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>(eb.case().when('severity', '=', 'SEVERE').then(1).else(0).end()).as('severe'),
    ])
    .where('shooting_id', 'in', [...shootingIds])
    .groupBy('shooting_id')
    .execute();
}

/** Health-check items (with the customer's decisions) of these shootings, in their order. */
export async function healthItemsOf(db: Db, shootingIds: readonly string[]) {
  if (shootingIds.length === 0) return [];
  return db
    .selectFrom('health_check_items')
    .select(['shooting_id', 'label', 'category', 'rating', 'decision', 'parts_price_cents', 'labour_price_cents'])
    .where('shooting_id', 'in', [...shootingIds])
    .orderBy('shooting_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Shootings among these that have a trade-in offer. */
export async function withTradeInOffers(db: Db, shootingIds: readonly string[]): Promise<string[]> {
  if (shootingIds.length === 0) return [];
  const rows = await db
    .selectFrom('trade_in_offers')
    .select('shooting_id')
    .distinct()
    .where('shooting_id', 'in', [...shootingIds])
    .execute();
  return rows.map((r) => r.shooting_id);
}

/** Player references of these shootings. */
export async function playerRefsOf(db: Db, shootingIds: readonly string[]) {
  if (shootingIds.length === 0) return [];
  return db
    .selectFrom('player_references')
    .select(['ref', 'shooting_id', 'marketplace', 'created_at'])
    .where('shooting_id', 'in', [...shootingIds])
    .execute();
}

/** Counted events (visits of players, meetings held in rooms) per subject, with the latest one. */
export async function eventCountsOf(db: Db, kind: 'PLAYER_WATCHED' | 'LIVE_MEETING_HELD', subjects: readonly string[]) {
  if (subjects.length === 0) return [];
  return db
    .selectFrom('statistics_events')
    .select((eb) => ['subject', eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('last')])
    .where('kind', '=', kind)
    .where('subject', 'in', [...subjects])
    .groupBy('subject')
    .execute();
}

/** Ratings of players (PLAYER) or live calls (LIVE) per target: how many and their mean score. */
export async function ratingsOf(db: Db, kind: 'PLAYER' | 'LIVE', targets: readonly string[]) {
  if (targets.length === 0) return [];
  return db
    .selectFrom('ratings')
    .select((eb) => [
      'target',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.avg<number | string | null>('score').as('average'),
    ])
    .where('kind', '=', kind)
    .where('target', 'in', [...targets])
    .groupBy('target')
    .execute();
}

/** Live rooms held for this registration in these owners' stocks, with the stock's name. */
export async function liveRoomsOf(db: Db, ownerIds: readonly string[], registration: string) {
  if (ownerIds.length === 0) return [];
  return db
    .selectFrom('live_rooms as r')
    .innerJoin('owners as o', 'o.id', 'r.owner_id')
    .select(['r.id', 'r.session_name', 'r.appointment_date', 'o.name as owner_name'])
    .where('r.registration', '=', registration)
    .where('r.owner_id', 'in', [...ownerIds])
    .execute();
}
