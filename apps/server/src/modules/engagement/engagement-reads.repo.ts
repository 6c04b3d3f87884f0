import type { Db } from '../../platform/db/database';

/** At most this many recipients on one panel (the newest): a vehicle shared to more is read in pages of the list. */
export const PANEL_RECIPIENTS_MAX = 200;

export type RecipientScope = { ownerIds: readonly string[] } & (
  { shootingId: string; registration?: undefined } | { registration: string; shootingId?: undefined }
);

/** Each personal link sent with the shooting its player shows (`r`, `p`, `s`): what every engagement read starts from. */
export const recipientShootings = (db: Db) =>
  db
    .selectFrom('share_recipients as r')
    .innerJoin('player_references as p', 'p.ref', 'r.ref')
    .innerJoin('shootings as s', 's.id', 'p.shooting_id');

/** A personal link with its sender, the shooting its player shows and when it was sent: what a panel and the funnel list. */
const sentLinks = (db: Db) => recipientShootings(db).leftJoin('users as u', 'u.id', 'r.sender_id');
const SENT_LINK = [
  'r.token',
  'r.sender_id as senderId',
  'u.given_name as senderGiven',
  'u.family_name as senderFamily',
  'u.email as senderEmail',
  'r.created_at as sentAt',
  's.id as shootingId',
  's.owner_id as ownerId',
] as const;

/** The recipients of a shooting's or a registration's players within the given owners, newest first. */
export async function listRecipients(db: Db, k: RecipientScope) {
  if (k.ownerIds.length === 0) return [];
  let q = sentLinks(db)
    .select([
      ...SENT_LINK,
      'r.name',
      'r.email',
      'r.phone',
      'r.channel',
      's.product_id as productId',
      's.shooting_type as shootingType',
      's.created_at as shootingCreatedAt',
    ])
    .where('s.owner_id', 'in', [...k.ownerIds]);
  q = k.shootingId !== undefined ? q.where('s.id', '=', k.shootingId) : q.where('s.registration', '=', k.registration);
  return q.orderBy('r.created_at', 'desc').orderBy('r.token').limit(PANEL_RECIPIENTS_MAX).execute();
}
export type RecipientRow = Awaited<ReturnType<typeof listRecipients>>[number];

/** The visits of these recipients, their angles and their moments, each in time order. */
export async function listVisits(db: Db, tokens: readonly string[]) {
  if (tokens.length === 0) return { visits: [], angles: [], moments: [] };
  const [visits, angles, moments] = await Promise.all([
    db
      .selectFrom('engagement_visits')
      .select([
        'token',
        'visit_id as visitId',
        'device',
        'opened_at as openedAt',
        'last_at as lastAt',
        'visible_ms as visibleMs',
        'video_share as videoShare',
        'rating',
        'contacts',
      ])
      .where('token', 'in', [...tokens])
      .orderBy('opened_at')
      .execute(),
    db
      .selectFrom('engagement_angles')
      .select(['token', 'visit_id as visitId', 'frame', 'ms'])
      .where('token', 'in', [...tokens])
      .orderBy('frame')
      .execute(),
    db
      .selectFrom('engagement_moments')
      .select(['token', 'visit_id as visitId', 'kind', 'detail', 'at'])
      .where('token', 'in', [...tokens])
      .orderBy('at')
      .execute(),
  ]);
  return { visits, angles, moments };
}

/** Frames of each shooting's spin: one per picture position, as the player shows them. */
export async function countFrames(db: Db, shootingIds: readonly string[]): Promise<Map<string, number>> {
  if (shootingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('images')
    .select(['shooting_id as shootingId', (eb) => eb.fn.count<number | string>('position').distinct().as('n')])
    .where('shooting_id', 'in', [...new Set(shootingIds)])
    .groupBy('shooting_id')
    .execute();
  return new Map(rows.map((r) => [r.shootingId, Number(r.n)]));
}

/**
 * One row per personal link sent in [since, until) from the given owners' shootings, with what its
 * recipient did over all their visits: the funnel's raw material.
 */
export async function listFunnelRows(db: Db, k: { ownerIds: readonly string[]; since: string; until: string }) {
  if (k.ownerIds.length === 0) return [];
  return sentLinks(db)
    .select((eb) => [
      ...SENT_LINK,
      eb
        .selectFrom('engagement_visits as v')
        .select((v) => v.fn.countAll<number | string>().as('n'))
        .whereRef('v.token', '=', 'r.token')
        .as('visits'),
      eb
        .selectFrom('engagement_visits as v')
        .select((v) => v.fn.sum<number | string | null>('v.visible_ms').as('n'))
        .whereRef('v.token', '=', 'r.token')
        .as('visibleMs'),
      eb
        .selectFrom('engagement_visits as v')
        .select((v) => v.fn.countAll<number | string>().as('n'))
        .whereRef('v.token', '=', 'r.token')
        .where((v) => v.or([v('v.rating', 'is not', null), v('v.contacts', '>', 0)]))
        .as('acted'),
      eb
        .selectFrom('engagement_angles as a')
        .select((a) => a.fn.count<number | string>('a.frame').distinct().as('n'))
        .whereRef('a.token', '=', 'r.token')
        .as('framesSeen'),
    ])
    .where('s.owner_id', 'in', [...k.ownerIds])
    .where('r.created_at', '>=', k.since)
    .where('r.created_at', '<', k.until)
    .execute();
}
export type FunnelRow = Awaited<ReturnType<typeof listFunnelRows>>[number];
