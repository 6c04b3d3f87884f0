import { createHash } from 'node:crypto';
import type {
  PlayerSharedStatistic,
  StatisticsFigures,
  StatisticsQuery,
  StatisticsResponse,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { dealerGroupOf, ownersOf } from '../identity/users.service';
import { playerRefInScope } from '../players/players.service';
import { daysOf, localDay, nextDay, startOfLocalDay } from './local-days';
import {
  countLiveMeetings,
  countPlayerEvents,
  insertEvent,
  insertMeetingHeld,
  sumRatings,
  type CountScope,
} from './statistics.repo';

export type StatisticsDeps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** Running counts of one owner or one day; the average comes from the sum of scores at the end. */
interface Tally {
  playerViews: number;
  emailShares: number;
  smsShares: number;
  ratings: number;
  scoreSum: number;
  liveMeetings: number;
}
const emptyTally = (): Tally => ({
  playerViews: 0,
  emailShares: 0,
  smsShares: 0,
  ratings: 0,
  scoreSum: 0,
  liveMeetings: 0,
});

const figuresOf = (t: Tally): StatisticsFigures => ({
  playerViews: t.playerViews,
  emailShares: t.emailShares,
  smsShares: t.smsShares,
  ratings: t.ratings,
  averageRating: t.ratings ? Math.round((t.scoreSum / t.ratings) * 100) / 100 : null,
  liveMeetings: t.liveMeetings,
});

const sharingTypeOf = (payload: string): string | undefined => {
  try {
    return (JSON.parse(payload) as { sharingType?: string }).sharingType;
  } catch {
    return undefined;
  }
};

/** Records that the caller shared a player of one of their shootings by e-mail or SMS. */
export async function recordPlayerShared(
  deps: StatisticsDeps,
  user: UserContext,
  userId: string,
  ref: string,
  input: PlayerSharedStatistic,
): Promise<void> {
  if (userId !== user.id || !(await playerRefInScope(deps, user, ref))) throw notFound('Player');
  await insertEvent(deps.db, {
    id: deps.ids.uuid(),
    userId: user.id,
    kind: 'PLAYER_SHARED',
    subject: ref,
    payload: input,
    now: deps.clock.now().toISOString(),
  });
}

/**
 * Records that a live meeting took place in a room: a second participant joined the first. Counted
 * once per room and UTC day, however often people leave and join again.
 */
export async function recordMeetingHeld(deps: Pick<StatisticsDeps, 'db' | 'clock'>, roomId: string): Promise<void> {
  const now = deps.clock.now().toISOString();
  const id = createHash('sha256')
    .update(`LIVE_MEETING_HELD\n${roomId}\n${now.slice(0, 10)}`)
    .digest('base64url')
    .slice(0, 32);
  await insertMeetingHeld(deps.db, { id, roomId, now });
}

/**
 * What a caller's own statistics count (engagement's funnel too): the caller's stocks or the one asked for, over
 * the instants of calendar days `from` to `to` of the time zone. A foreign user or stock is 404.
 */
export function ownStatisticsScope(
  user: Pick<UserContext, 'id' | 'ownerIds'>,
  userId: string,
  query: { from: string; to: string; timeZone: string; ownerId?: string | undefined },
): CountScope {
  if (userId !== user.id) throw notFound('User');
  if (query.ownerId && !user.ownerIds.includes(query.ownerId)) throw notFound('Owner');
  return {
    ownerIds: query.ownerId ? [query.ownerId] : user.ownerIds,
    since: new Date(startOfLocalDay(query.from, query.timeZone)).toISOString(),
    until: new Date(startOfLocalDay(nextDay(query.to), query.timeZone)).toISOString(),
  };
}

/**
 * The figures of the caller's stocks (or of one of them) over calendar days of their time zone: per
 * stock, per day and in total. Only the caller's own statistics; a foreign user or stock is 404.
 */
export async function statisticsFigures(
  deps: Pick<StatisticsDeps, 'db'>,
  user: UserContext,
  userId: string,
  query: StatisticsQuery,
): Promise<StatisticsResponse> {
  const scope = ownStatisticsScope(user, userId, query);
  const { ownerIds } = scope;
  const { timeZone } = query;
  const [events, ratings, meetings, owners, group] = await Promise.all([
    countPlayerEvents(deps.db, scope),
    sumRatings(deps.db, scope),
    countLiveMeetings(deps.db, scope),
    ownersOf(deps.db, { ownerIds }),
    dealerGroupOf(deps.db, user),
  ]);

  const total = emptyTally();
  const byOwner = new Map(owners.map((o) => [o.id, emptyTally()]));
  const byDay = new Map(daysOf(query.from, query.to).map((d) => [d, emptyTally()]));
  const dayOfHour = new Map<string, string>();
  // Adds to the owner's, the day's and the total tallies at once.
  const add = (ownerId: string, hour: string, apply: (t: Tally) => void) => {
    let day = dayOfHour.get(hour);
    if (!day) {
      day = localDay(Date.parse(`${hour}:00:00Z`), timeZone);
      dayOfHour.set(hour, day);
    }
    for (const t of [total, byOwner.get(ownerId), byDay.get(day)]) if (t) apply(t);
  };
  for (const e of events) {
    const n = Number(e.n);
    if (e.kind === 'PLAYER_WATCHED') add(e.ownerId, e.hour, (t) => (t.playerViews += n));
    else if (sharingTypeOf(e.payload) === 'EMAIL') add(e.ownerId, e.hour, (t) => (t.emailShares += n));
    else if (sharingTypeOf(e.payload) === 'SMS') add(e.ownerId, e.hour, (t) => (t.smsShares += n));
  }
  for (const m of meetings) add(m.ownerId, m.hour, (t) => (t.liveMeetings += Number(m.n)));
  // Ratings of the players and of the live calls together: both rate the dealer's service.
  for (const r of ratings) {
    add(r.ownerId, r.hour, (t) => {
      t.ratings += Number(r.n);
      t.scoreSum += Number(r.total ?? 0);
    });
  }

  return {
    from: query.from,
    to: query.to,
    timeZone,
    group,
    totals: figuresOf(total),
    owners: owners.map((o) => ({ ownerId: o.id, name: o.name, figures: figuresOf(byOwner.get(o.id)!) })),
    days: [...byDay].map(([date, t]) => ({
      date,
      playerViews: t.playerViews,
      emailShares: t.emailShares,
      smsShares: t.smsShares,
      ratings: t.ratings,
      liveMeetings: t.liveMeetings,
    })),
  };
}

/** Records one statistics event of another module (a live room shared). */
export function recordEvent(
  deps: Pick<Adapters, 'db'>,
  event: { id: string; userId: string; kind: string; subject: string; payload: object; now: string },
): Promise<void> {
  return insertEvent(deps.db, event);
}
