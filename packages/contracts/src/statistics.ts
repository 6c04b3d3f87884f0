import { z } from 'zod';
import { IsoDay } from './iso-day';
import { PlayerRef } from './players';

/** After a successful e-mail or SMS of a VIDEO player link (spec section 7). */
export const PlayerSharedStatistic = z.object({
  source: z.literal('WEB'),
  sharingType: z.enum(['EMAIL', 'SMS']),
});
export type PlayerSharedStatistic = z.infer<typeof PlayerSharedStatistic>;

/** POST /api/users/{id}/statistics/players/{ref}/shared. */
export const PlayerSharedParams = z.object({ id: z.string().min(1).max(100), ref: PlayerRef });

/** Longest period the statistics answer, in days (a year, a leap one included). */
export const STATISTICS_MAX_DAYS = 366;

const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * `GET /api/users/{id}/statistics`: calendar days `from` to `to` inclusive, counted in the caller's time
 * zone (an IANA name, UTC by default); one stock (owner) of the caller, or all of them when absent.
 */
export const StatisticsQuery = z
  .object({
    from: IsoDay,
    to: IsoDay,
    timeZone: z.string().max(64).refine(isTimeZone, 'is not a time zone').default('UTC'),
    ownerId: z.string().min(1).max(100).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'must not be before the first day', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATISTICS_MAX_DAYS, {
    message: `must be at most ${STATISTICS_MAX_DAYS} days after the first day`,
    path: ['to'],
  });
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;

/** What a dealer's customers did with the shared links, and the live meetings held. */
export const StatisticsFigures = z.object({
  /** Visits of the public players (one per visitor and player every ten minutes). */
  playerViews: z.number().int().nonnegative(),
  emailShares: z.number().int().nonnegative(),
  smsShares: z.number().int().nonnegative(),
  ratings: z.number().int().nonnegative(),
  /** Mean score of those ratings, null without any. */
  averageRating: z.number().nullable(),
  /** Live meetings held in the stocks' rooms (two participants connected), once per room and day. */
  liveMeetings: z.number().int().nonnegative(),
});
export type StatisticsFigures = z.infer<typeof StatisticsFigures>;

export const StatisticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  group: z.object({ id: z.string(), name: z.string() }),
  /** The figures of the asked stock, or of every stock of the caller together. */
  totals: StatisticsFigures,
  /** One row per stock counted, by name. */
  owners: z.array(z.object({ ownerId: z.string(), name: z.string(), figures: StatisticsFigures })),
  /** Every day of the period, in order, empty days included. */
  days: z.array(StatisticsFigures.omit({ averageRating: true }).extend({ date: z.string() })),
});
export type StatisticsResponse = z.infer<typeof StatisticsResponse>;
