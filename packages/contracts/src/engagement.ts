import { z } from 'zod';
import { BEACON_MAX_EVENTS } from './engagement-beacon';
import { PlayerRef } from './players';

export * from './engagement-beacon';

/** A personal link's recipient token (128 random bits, URL-safe), the last segment of `/p/{ref}/{token}`. */
export const RecipientToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a recipient token');
export type RecipientToken = z.infer<typeof RecipientToken>;

export const RECIPIENT_NAME_MAX = 120;

/**
 * Asks a send (e-mail or SMS) to make its player link personal: the server keeps the recipient with the
 * share and puts the recipient's own link in the message where the reference's link is.
 */
export const PersonalLinkRequest = z.object({
  ref: PlayerRef,
  /** How the salesperson calls the recipient ("Mr Martin"); the alerts show it. */
  name: z.string().trim().max(RECIPIENT_NAME_MAX).optional(),
});
export type PersonalLinkRequest = z.infer<typeof PersonalLinkRequest>;

/** "Copy link for …": a personal link for a named recipient, handed over by the salesperson. */
export const PersonalLinkBody = z.object({
  ref: PlayerRef,
  name: z.string().trim().min(1).max(RECIPIENT_NAME_MAX),
});
export type PersonalLinkBody = z.infer<typeof PersonalLinkBody>;

export const PersonalLink = z.object({ token: RecipientToken, url: z.string() });
export type PersonalLink = z.infer<typeof PersonalLink>;

export const RecipientChannel = z.enum(['EMAIL', 'SMS', 'LINK']);
export type RecipientChannel = z.infer<typeof RecipientChannel>;

// ---- The player's beacon (issue 31, point 2) ----

export const DeviceClass = z.enum(['phone', 'tablet', 'desktop']);
export type DeviceClass = z.infer<typeof DeviceClass>;

const Millis = z
  .number()
  .int()
  .min(0)
  .max(15 * 60_000);

/** What the player reports, in short keys (the batch must stay small). */
export const BeaconEvent = z.discriminatedUnion('k', [
  /** The page opened (first batch of a visit). */
  z.object({ k: z.literal('open') }),
  /** Time the page was visible since the previous batch (Page Visibility). */
  z.object({ k: z.literal('visible'), ms: Millis }),
  /** Time a spin frame was on screen. */
  z.object({ k: z.literal('angle'), i: z.number().int().min(0).max(1000), ms: Millis }),
  /** A hotspot (a damage) opened. */
  z.object({ k: z.literal('hotspot'), id: z.string().min(1).max(100) }),
  /** The largest share of the video watched so far, 0 to 1. */
  z.object({ k: z.literal('video'), share: z.number().min(0).max(1) }),
  z.object({ k: z.literal('rating'), score: z.number().int().min(1).max(5) }),
  /** A click on the dealer's phone or e-mail. */
  z.object({ k: z.literal('contact'), via: z.enum(['phone', 'email']) }),
  /** The visitor opted out: what this visit recorded is erased. */
  z.object({ k: z.literal('optout') }),
]);
export type BeaconEvent = z.infer<typeof BeaconEvent>;

export const BeaconBatch = z.object({
  ref: PlayerRef,
  token: RecipientToken,
  /** The page's random id: one visit. */
  visit: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/),
  /** The batch's number in its visit: a retried batch keeps its number and counts once. */
  seq: z.number().int().min(0).max(100_000),
  device: DeviceClass,
  events: z.array(BeaconEvent).min(1).max(BEACON_MAX_EVENTS),
});
export type BeaconBatch = z.infer<typeof BeaconBatch>;

// ---- Alerts (issue 31, point 3) ----

/** A recipient opened a personal link: what the bell, the notification centre and the e-mail say. */
export const EngagementAlert = z.object({
  id: z.string(),
  token: RecipientToken,
  recipientName: z.string().nullable(),
  /** How the recipient can be reached for "Call now". */
  reachable: z.enum(['EMAIL', 'SMS', 'NONE']),
  vehicle: z.string(),
  shootingId: z.string(),
  /** With the shooting, the detail page's path. */
  ownerId: z.string(),
  productId: z.string(),
  device: DeviceClass,
  createdAt: z.string(),
  read: z.boolean(),
});
export type EngagementAlert = z.infer<typeof EngagementAlert>;

export const EngagementAlertList = z.object({ items: z.array(EngagementAlert), unread: z.number().int() });
export type EngagementAlertList = z.infer<typeof EngagementAlertList>;

const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time HH:mm');

export const AlertPreferences = z
  .object({
    inApp: z.boolean(),
    email: z.boolean(),
    /** Quiet hours: alerts are kept in the centre but neither pushed nor e-mailed. Both or neither. */
    quietFrom: LocalTime.nullable(),
    quietTo: LocalTime.nullable(),
    timeZone: z.string().min(1).max(64),
  })
  .refine((p) => (p.quietFrom === null) === (p.quietTo === null), {
    message: 'quiet hours need a start and an end',
    path: ['quietTo'],
  });
export type AlertPreferences = z.infer<typeof AlertPreferences>;

export const AlertIdParams = z.object({ id: z.string().min(1).max(64) });

/** "Call now": the live room made for the recipient, its page for the salesperson. */
export const CallNowResponse = z.object({ roomId: z.string(), roomPath: z.string(), sentBy: z.enum(['EMAIL', 'SMS']) });
export type CallNowResponse = z.infer<typeof CallNowResponse>;
