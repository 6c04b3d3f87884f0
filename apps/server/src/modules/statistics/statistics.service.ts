import type { PlayerSharedStatistic, StatisticsFigures, StatisticsQuery, StatisticsResponse } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/identity.repo';
import { refInScope } from '../players/players.repo';
import { daysOf, localDay, nextDay, startOfLocalDay } from './local-days';
import { countPlayerEvents, findGroup, findOwnerNames, insertEvent, sumPlayerRatings } from './statistics.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** Running counts of one owner or one day; the average comes from the sum of scores at the end. */
interface Tally {
  playerViews: number;
  emailShares: number;
  smsShares: number;
  ratings: number;
  scoreSum: number;
}
const emptyTally = (): Tally => ({ playerViews: 0, emailShares: 0, smsShares: 0, ratings: 0, scoreSum: 0 });

const figuresOf = (t: Tally): StatisticsFigures => ({
  playerViews: t.playerViews,
  emailShares: t.emailShares,
  smsShares: t.smsShares,
  ratings: t.ratings,
  averageRating: t.ratings ? Math.round((t.scoreSum / t.ratings) * 100) / 100 : null,
  // Live meetings are not recorded by this installation yet (no live rooms module).
  liveMeetings: null,
});

const sharingTypeOf = (payload: string): string | undefined => {
  try {
    return (JSON.parse(payload) as { sharingType?: string }).sharingType;
  } catch {
    return undefined;
  }
};

export function createStatisticsService(deps: Deps) {
  return {
    /** Records that the caller shared a player of one of their shootings by e-mail or SMS. */
    async playerShared(user: UserContext, userId: string, ref: string, input: PlayerSharedStatistic): Promise<void> {
      if (userId !== user.id || !(await refInScope(deps.db, ref, user.ownerIds))) throw notFound('Player');
      await insertEvent(deps.db, {
        id: deps.ids.uuid(),
        userId: user.id,
        kind: 'PLAYER_SHARED',
        subject: ref,
        payload: input,
        now: deps.clock.now().toISOString(),
      });
    },

    /**
     * The figures of the caller's stocks (or of one of them) over calendar days of their time zone: per
     * stock, per day and in total. Only the caller's own statistics; a foreign user or stock is 404.
     */
    async figures(user: UserContext, userId: string, query: StatisticsQuery): Promise<StatisticsResponse> {
      if (userId !== user.id) throw notFound('User');
      if (query.ownerId && !user.ownerIds.includes(query.ownerId)) throw notFound('Owner');
      const ownerIds = query.ownerId ? [query.ownerId] : user.ownerIds;
      const { timeZone } = query;
      const scope = {
        ownerIds,
        since: new Date(startOfLocalDay(query.from, timeZone)).toISOString(),
        until: new Date(startOfLocalDay(nextDay(query.to), timeZone)).toISOString(),
      };
      const [events, ratings, owners, group] = await Promise.all([
        countPlayerEvents(deps.db, scope),
        sumPlayerRatings(deps.db, scope),
        findOwnerNames(deps.db, ownerIds),
        findGroup(deps.db, user.groupId),
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
        if (e.kind === 'PLAYER_WATCHED') add(e.owner_id, e.hour, (t) => (t.playerViews += n));
        else if (sharingTypeOf(e.payload) === 'EMAIL') add(e.owner_id, e.hour, (t) => (t.emailShares += n));
        else if (sharingTypeOf(e.payload) === 'SMS') add(e.owner_id, e.hour, (t) => (t.smsShares += n));
      }
      for (const r of ratings) {
        add(r.owner_id, r.hour, (t) => {
          t.ratings += Number(r.n);
          t.scoreSum += Number(r.total ?? 0);
        });
      }

      return {
        from: query.from,
        to: query.to,
        timeZone,
        group: group ?? { id: user.groupId, name: user.groupId },
        totals: figuresOf(total),
        owners: owners.map((o) => ({ ownerId: o.id, name: o.name, figures: figuresOf(byOwner.get(o.id)!) })),
        days: [...byDay].map(([date, t]) => ({
          date,
          playerViews: t.playerViews,
          emailShares: t.emailShares,
          smsShares: t.smsShares,
          ratings: t.ratings,
          liveMeetings: null,
        })),
      };
    },
  };
}
