import { z } from 'zod';
import { CATALOGUE_LANGUAGES } from './catalogue';
import { ShootingType, Streamer } from './enums';
import { DamageKind, DamageSeverity, DamageZone } from './inspections';
import { RATING_COMMENT_MAX, RATING_SCORE_MAX } from './player-media';

export * from './player-media';

/** Where a player link is published; one reference per shooting and marketplace. */
export const Marketplace = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'is not a marketplace name');
/** The marketplace of the links the portal itself shares. */
export const PORTAL_MARKETPLACE = 'FORECOURT';

/** A player reference: at least 96 random bits, URL-safe. */
export const PlayerRef = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a player reference');

export const PlayerReferenceQuery = z.object({
  urlshortened: z.enum(['true', 'false']).default('false'),
});

/** Player info of spec section 3: the reference and the link to share (the short one when asked). */
export const PlayerInfo = z.object({ ref: z.string(), url: z.string() });
export type PlayerInfo = z.infer<typeof PlayerInfo>;

/** A contact line's title per language, where the stock gives it in more than one. */
export const ContactTitles = z.partialRecord(z.enum(CATALOGUE_LANGUAGES), z.string());
export type ContactTitles = z.infer<typeof ContactTitles>;

/** A line of a stock's contact card: its title (`titles` by language, where given) and its value. */
export const ContactInformation = z.object({ title: z.string(), value: z.string(), titles: ContactTitles.optional() });
export type ContactInformation = z.infer<typeof ContactInformation>;

export const PlayerFrame = z.object({
  /** Changes when the image is replaced, so variant URLs can be cached for ever. */
  version: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PlayerFrame = z.infer<typeof PlayerFrame>;

export const PlayerVideo = z.object({
  streamer: z.string(),
  /** The file to play for STAMPYT, null for embedded streamers or when there is no file. */
  url: z.string().nullable(),
  reference: z.string().nullable(),
  /** A still of the hosted video, shown before it plays. */
  posterUrl: z.string().nullable().optional(),
});
export type PlayerVideo = z.infer<typeof PlayerVideo>;

/** A damage the public player shows as a hotspot on one spin frame (when the link shows damages). */
export const PlayerDamage = z.object({
  id: z.string(),
  /** Index of the frame (the picture the damage was placed on) in `frames`. */
  frame: z.number().int(),
  x: z.number(),
  y: z.number(),
  zone: DamageZone,
  kind: DamageKind,
  severity: DamageSeverity,
  /** The damage's own photo, when it has one. */
  photoUrl: z.string().nullable(),
});
export type PlayerDamage = z.infer<typeof PlayerDamage>;

export const PLAYER_STATES = ['AVAILABLE', 'UNDER_CONSTRUCTION'] as const;

/** Public player options (spec section 7): what the player shows and nothing more. */
export const PlayerOptions = z.object({
  ref: z.string(),
  state: z.enum(PLAYER_STATES),
  shootingType: ShootingType,
  logoUrl: z.string().nullable(),
  contactInformations: z.array(ContactInformation),
  phone: z.string().nullable(),
  /** The e-mail of the last user who took this player's link (spec section 7). */
  lastUserEmail: z.string().nullable(),
  /** The webinar registration form, only when that user belongs to the provider's own account. */
  webinarUrl: z.string().nullable(),
  frames: z.array(PlayerFrame),
  panoramaUrl: z.string().nullable(),
  video: PlayerVideo.nullable(),
  /** Damages on the frames; empty unless the dealer chose to show them on this link. */
  damages: z.array(PlayerDamage).default([]),
  /** Indexes of the frames whose background was replaced or plate covered; empty unless the link labels them. */
  editedFrames: z.array(z.number().int()).default([]),
});
export type PlayerOptions = z.infer<typeof PlayerOptions>;

export const KNOWN_STREAMERS: readonly string[] = Streamer.options;

export const VideoNotification = z.object({ ref: PlayerRef, notification: z.literal('watched') });
export type VideoNotification = z.infer<typeof VideoNotification>;

/** A visitor's rating of a player (spec section 3): score 1..5 and an optional comment. */
export const PlayerScoring = z.object({
  ref: PlayerRef,
  score: z.number().int().min(1).max(RATING_SCORE_MAX),
  comment: z.string().trim().max(RATING_COMMENT_MAX).optional(),
});
export type PlayerScoring = z.infer<typeof PlayerScoring>;

/** What the dealer chooses per player link; both off until chosen. */
export const PlayerLinkSettings = z.object({
  /** The player shows the damages placed on its pictures as hotspots. */
  showDamages: z.boolean(),
  /** The player labels the pictures whose background was replaced or plate covered as edited. */
  showEditedLabels: z.boolean(),
});
export type PlayerLinkSettings = z.infer<typeof PlayerLinkSettings>;
/** `PUT /api/shootings/{id}/marketplaces/{marketplace}/settings`: what is left out keeps its value. */
export const PlayerLinkSettingsBody = PlayerLinkSettings.partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'needs at least one field');
export type PlayerLinkSettingsBody = z.infer<typeof PlayerLinkSettingsBody>;

/** GET /api/shootings/{id}/marketplaces/{marketplace}. */
export const PlayerReferenceParams = z.object({ id: z.string().min(1).max(100), marketplace: Marketplace });
/** The public player's routes: a reference, one of its frame files, the image version of a variant URL. */
export const PlayerRefParams = z.object({ ref: PlayerRef });
export const PlayerFrameParams = z.object({
  ref: PlayerRef,
  index: z.coerce.number().int().min(0).max(999),
  file: z.string().regex(/^\d{3,4}\.(webp|jpg)$/, 'is not a frame file'),
});
export const PlayerDamageParams = z.object({ ref: PlayerRef, damageId: z.string().min(1).max(100) });
export const VersionQuery = z.object({ v: z.string().max(40).optional() });
/** The empty JSON object some public calls answer. */
export const EmptyResponse = z.object({});
