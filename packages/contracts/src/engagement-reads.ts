import { z } from 'zod';
import { ACCOUNT_LANGUAGES } from './account';
import { DeviceClass, RecipientChannel, RecipientToken } from './engagement';
import { ShootingType } from './enums';
import { StatisticsQuery } from './statistics';

// ---- Where dealers read engagement (issue 31, point 4) ----

/** A visit lasting longer than this (visible time, over all of a recipient's visits) is engagement. */
export const ENGAGED_VISIBLE_MS = 30_000;

export const EngagementAngle = z.object({
  /** The spin frame's index (0 is the first picture of the spin). */
  frame: z.number().int().nonnegative(),
  ms: z.number().int().nonnegative(),
});
export type EngagementAngle = z.infer<typeof EngagementAngle>;

export const EngagementMomentKind = z.enum(['HOTSPOT', 'CONTACT', 'RATING']);
export type EngagementMomentKind = z.infer<typeof EngagementMomentKind>;

/** A point of a visit's timeline: a hotspot opened (its id), a contact click (phone or email), the rating (1–5). */
export const EngagementMoment = z.object({ kind: EngagementMomentKind, detail: z.string(), at: z.string() });
export type EngagementMoment = z.infer<typeof EngagementMoment>;

/** One opening of a personal link, as the player reported it. */
export const EngagementVisit = z.object({
  visitId: z.string(),
  device: DeviceClass,
  openedAt: z.string(),
  lastAt: z.string(),
  visibleMs: z.number().int().nonnegative(),
  /** The largest share of the video watched, 0 to 1. */
  videoShare: z.number().min(0).max(1),
  rating: z.number().int().nullable(),
  contacts: z.number().int().nonnegative(),
  /** Time on screen per spin frame, by frame. */
  angles: z.array(EngagementAngle),
  moments: z.array(EngagementMoment),
});
export type EngagementVisit = z.infer<typeof EngagementVisit>;

/** One recipient of a personal link, with who sent it and every visit kept (ENGAGEMENT_RETENTION_DAYS). */
export const EngagementRecipient = z.object({
  token: RecipientToken,
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  channel: RecipientChannel,
  sender: z.object({ id: z.string(), name: z.string() }),
  sentAt: z.string(),
  /** The shooting whose player was shared (the vehicle page lists several). */
  shooting: z.object({
    id: z.string(),
    ownerId: z.string(),
    productId: z.string(),
    shootingType: ShootingType,
    createdAt: z.string(),
  }),
  /** Frames of that shooting's spin (0 without a spin): the share of the spin seen is angles / frames. */
  frames: z.number().int().nonnegative(),
  /** More than ENGAGED_VISIBLE_MS visible, or more than half the spin's frames seen. */
  engaged: z.boolean(),
  visits: z.array(EngagementVisit),
});
export type EngagementRecipient = z.infer<typeof EngagementRecipient>;

/** A shooting's or a vehicle's recipients, the latest sent first. */
export const EngagementResponse = z.object({ recipients: z.array(EngagementRecipient) });
export type EngagementResponse = z.infer<typeof EngagementResponse>;

// ---- The funnel (statistics) ----

/** sent → opened → engaged → rated or called (a rating, or a click on the dealer's phone or e-mail). */
export const FunnelCounts = z.object({
  sent: z.number().int().nonnegative(),
  opened: z.number().int().nonnegative(),
  engaged: z.number().int().nonnegative(),
  acted: z.number().int().nonnegative(),
});
export type FunnelCounts = z.infer<typeof FunnelCounts>;
export const FUNNEL_STEPS = ['sent', 'opened', 'engaged', 'acted'] as const;

/** The funnel of the personal links sent in a period (the statistics' query), per salesperson, stock and week. */
export const FunnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: FunnelCounts,
  salespeople: z.array(z.object({ userId: z.string(), name: z.string(), counts: FunnelCounts })),
  stocks: z.array(z.object({ ownerId: z.string(), name: z.string(), counts: FunnelCounts })),
  /** Per week of the period (its Monday, in the query's time zone), the weeks with a link sent. */
  weeks: z.array(z.object({ week: z.string(), counts: FunnelCounts })),
});
export type FunnelResponse = z.infer<typeof FunnelResponse>;

export const FunnelQuery = StatisticsQuery;
export type FunnelQuery = z.infer<typeof FunnelQuery>;

/** The CSV of the same query, its headers in the reader's language (French when another). */
export const FunnelCsvQuery = StatisticsQuery.and(
  z.object({ lang: z.enum(ACCOUNT_LANGUAGES).catch('fr').default('fr') }),
);
export type FunnelCsvQuery = z.infer<typeof FunnelCsvQuery>;
