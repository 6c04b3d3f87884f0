import { z } from 'zod';

/**
 * Marketplace profiles (issue 32 point 3): a marketplace's picture rules, the readiness of a shooting's pictures
 * for it, and the angle of each picture that the rules' order needs.
 */

/** The angles a profile orders pictures by; "three_quarter" is the ¾ view. */
export const PICTURE_ANGLES = [
  'front',
  'front_three_quarter',
  'side',
  'rear_three_quarter',
  'rear',
  'interior',
  'dashboard',
  'wheel',
] as const;
export const PictureAngle = z.enum(PICTURE_ANGLES);
export type PictureAngle = z.infer<typeof PictureAngle>;

/** The angles that show a number plate: the plate rule applies to them (and to pictures of unknown angle). */
export const PLATE_ANGLES: readonly PictureAngle[] = ['front', 'front_three_quarter', 'rear_three_quarter', 'rear'];

const Pixels = z.number().int().min(1).max(20_000);
const Ratio = z.number().min(0.1).max(10);

/**
 * A marketplace's picture rules. null means "no rule": the marketplace publishes none (the profile's `notPublic`
 * says which) or the group chose not to check it.
 */
export const MarketplaceRules = z
  .object({
    /** The lead (first, listing) picture's angle. */
    lead: PictureAngle.nullable(),
    /** The angles wanted after the lead, in this order; the rest of the pictures follow by position. */
    order: z.array(PictureAngle).max(PICTURE_ANGLES.length),
    minPictures: z.number().int().min(0).max(200).nullable(),
    maxPictures: z.number().int().min(1).max(200).nullable(),
    minWidth: Pixels.nullable(),
    minHeight: Pixels.nullable(),
    maxWidth: Pixels.nullable(),
    maxHeight: Pixels.nullable(),
    /** Width / height bounds, e.g. 4:3 is 1.333. */
    minAspect: Ratio.nullable(),
    maxAspect: Ratio.nullable(),
    /** true: every picture showing a plate must have it covered; false: covered plates are refused. */
    plateCovered: z.boolean().nullable(),
    /** false: only unstamped pictures may be sent (no watermark, no stamp). */
    stampAllowed: z.boolean().nullable(),
  })
  .refine((r) => r.minPictures === null || r.maxPictures === null || r.minPictures <= r.maxPictures, {
    path: ['maxPictures'],
    message: 'The maximum is below the minimum',
  })
  .refine((r) => r.minAspect === null || r.maxAspect === null || r.minAspect <= r.maxAspect, {
    path: ['maxAspect'],
    message: 'The maximum is below the minimum',
  })
  .refine((r) => new Set(r.order).size === r.order.length, { path: ['order'], message: 'An angle is listed twice' });
export type MarketplaceRules = z.infer<typeof MarketplaceRules>;

/** The rules a profile holds, by name (the keys of `MarketplaceRules`). */
export const MARKETPLACE_RULE_KEYS = [
  'lead',
  'order',
  'minPictures',
  'maxPictures',
  'minWidth',
  'minHeight',
  'maxWidth',
  'maxHeight',
  'minAspect',
  'maxAspect',
  'plateCovered',
  'stampAllowed',
] as const;
export const MarketplaceRuleKey = z.enum(MARKETPLACE_RULE_KEYS);
export type MarketplaceRuleKey = z.infer<typeof MarketplaceRuleKey>;

/**
 * A public page a built-in profile's rules come from: what it says (English, for people checking the source), the
 * day the stored copy was read, the rules it backs (none: context only) and, when the page is one country's site
 * (e.g. autoscout24.ch), that country (ISO 3166-1 alpha-2): the portal says so next to the rule.
 */
export const MarketplaceSource = z.object({
  url: z.string(),
  says: z.string(),
  read: z.string(),
  rules: z.array(MarketplaceRuleKey),
  country: z.string().length(2).nullable(),
});
export type MarketplaceSource = z.infer<typeof MarketplaceSource>;

/** A profile: built in (groupId null, read-only) or a group's copy of one, which the group edits. */
export const MarketplaceProfile = z.object({
  id: z.string(),
  groupId: z.string().nullable(),
  /** The built-in profile a copy was made from. */
  baseId: z.string().nullable(),
  marketplace: z.string(),
  name: z.string(),
  rules: MarketplaceRules,
  /** Where each rule of a built-in profile comes from. */
  sources: z.array(MarketplaceSource),
  /** The rules the marketplace does not publish (left null rather than invented). */
  notPublic: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type MarketplaceProfile = z.infer<typeof MarketplaceProfile>;

/** `GET /api/settings/groups/{groupId}/marketplace-profiles`: the built-in profiles, then the group's copies. */
export const MarketplaceProfilesResponse = z.object({ items: z.array(MarketplaceProfile) });
export type MarketplaceProfilesResponse = z.infer<typeof MarketplaceProfilesResponse>;

/** `POST /api/settings/groups/{groupId}/marketplace-profiles`: copies a built-in profile. */
export const MarketplaceProfileCopy = z.object({
  baseId: z.string().min(1),
  name: z.string().trim().min(1).max(100),
});
export type MarketplaceProfileCopy = z.infer<typeof MarketplaceProfileCopy>;

/** `PUT /api/settings/groups/{groupId}/marketplace-profiles/{profileId}`: edits a copy. */
export const MarketplaceProfileUpdate = z.object({
  name: z.string().trim().min(1).max(100),
  rules: MarketplaceRules,
});
export type MarketplaceProfileUpdate = z.infer<typeof MarketplaceProfileUpdate>;

export const MarketplaceProfileParams = z.object({ groupId: z.string().min(1), profileId: z.string().min(1) });
export type MarketplaceProfileParams = z.infer<typeof MarketplaceProfileParams>;

/** One thing that keeps a shooting from being ready for a marketplace; the portal words it from its code. */
export const READINESS_PROBLEMS = [
  'too_few_pictures',
  'too_many_pictures',
  'missing_angle',
  'angle_unknown',
  'plate_visible',
  'plate_covered',
  'stamped',
  'too_narrow',
  'too_short',
  'too_wide',
  'too_tall',
  'aspect',
  'size_unknown',
] as const;
export const ReadinessProblemCode = z.enum(READINESS_PROBLEMS);
export type ReadinessProblemCode = z.infer<typeof ReadinessProblemCode>;

export const ReadinessProblem = z.object({
  code: ReadinessProblemCode,
  /** The picture's number in the shooting's gallery (1-based, by position) where the problem is one picture's. */
  picture: z.number().int().nullable(),
  angle: PictureAngle.nullable(),
  /** The picture's value (px, ratio ×100, count) and the rule's limit, where there are. */
  value: z.number().nullable(),
  limit: z.number().nullable(),
});
export type ReadinessProblem = z.infer<typeof ReadinessProblem>;

export const MarketplaceReadiness = z.object({
  profileId: z.string(),
  name: z.string(),
  /**
   * false when the profile holds no rule at all (a built-in whose marketplace publishes none, e.g. leboncoin):
   * nothing was checked, so the pictures are not said to be ready; copying the profile sets its rules.
   */
  checked: z.boolean(),
  /** Every rule of the profile is met (never for a profile with no rule: `checked` false). */
  ready: z.boolean(),
  problems: z.array(ReadinessProblem),
  /**
   * A built-in profile's rules that come from one country's pages only (e.g. AutoScout24's stamp rule, from
   * autoscout24.ch): the portal says which country, so a dealer elsewhere knows to check it.
   */
  scoped: z.array(z.object({ rule: MarketplaceRuleKey, country: z.string().length(2) })),
});
export type MarketplaceReadiness = z.infer<typeof MarketplaceReadiness>;

/** `GET /api/shootings/{id}/marketplaces`: the shooting's readiness for every profile of its group. */
export const MarketplaceReadinessResponse = z.object({
  items: z.array(MarketplaceReadiness),
  /** Pictures without an angle are being recognised (a job still to run): asking again soon tells their angles. */
  recognising: z.boolean(),
  /** The angle of each position (1-based), null when not known. */
  angles: z.array(
    z.object({
      picture: z.number().int(),
      /** The stored position, which the correction route names. */
      position: z.number().int(),
      angle: PictureAngle.nullable(),
      /** true when a person set it: recognition never overwrites it. */
      corrected: z.boolean(),
    }),
  ),
});
export type MarketplaceReadinessResponse = z.infer<typeof MarketplaceReadinessResponse>;

/** `PUT /api/shootings/{id}/pictures/{position}/angle`: a person's correction; it sticks over any recognition. */
export const PictureAngleUpdate = z.object({ angle: PictureAngle });
export type PictureAngleUpdate = z.infer<typeof PictureAngleUpdate>;
export const PictureAngleParams = z.object({
  id: z.string().min(1),
  position: z.coerce.number().int().min(0).max(1000),
});
export type PictureAngleParams = z.infer<typeof PictureAngleParams>;

/** The files of an export: the pictures' zip, and the feed (registration, VIN, picture URLs in order) as CSV or XML. */
export const MARKETPLACE_EXPORT_FORMATS = ['zip', 'csv', 'xml'] as const;
export type MarketplaceExportFormat = (typeof MARKETPLACE_EXPORT_FORMATS)[number];

/** `GET /api/shootings/{id}/marketplaces/{profileId}/export?format=zip|csv|xml` */
export const MarketplaceExportParams = z.object({ id: z.string().min(1), profileId: z.string().min(1) });
export const MarketplaceExportQuery = z.object({ format: z.enum(MARKETPLACE_EXPORT_FORMATS).default('zip') });
export type MarketplaceExportQuery = z.infer<typeof MarketplaceExportQuery>;

/**
 * An export pushed to the group's webhook endpoints (`marketplace.export.ready`): signed download links of its zip
 * and its CSV and XML feeds, valid until `expiresAt`. `eventId` is null (and `endpoints` 0) when no enabled endpoint takes the event;
 * `pictures` is how many pictures the export holds.
 */
export const MarketplaceExportPush = z.object({
  eventId: z.string().nullable(),
  endpoints: z.number().int().nonnegative(),
  pictures: z.number().int().nonnegative(),
  expiresAt: z.string(),
  files: z.object({ zip: z.string(), csv: z.string(), xml: z.string() }),
});
export type MarketplaceExportPush = z.infer<typeof MarketplaceExportPush>;
/**
 * `POST /api/shootings/{id}/marketplaces/{profileId}/push-dms` (202): the push is queued; `pictures` go to the group's
 * DMS (`driver`: its folder or its webhook), where its delivery is logged (settings, DMS).
 */
export const MarketplaceDmsPush = z.object({
  status: z.literal('PENDING'),
  pictures: z.number().int().nonnegative(),
  driver: z.enum(['folder', 'webhook']),
});
export type MarketplaceDmsPush = z.infer<typeof MarketplaceDmsPush>;
/** A pushed export's signed link (`?token=`). */
export const MarketplaceExportLinkQuery = z.object({ token: z.string().min(1).max(2000) });
