import { z } from 'zod';
import { ShootingType } from './enums';

/** Where on the vehicle a damage sits. */
export const DAMAGE_ZONES = [
  'FRONT',
  'FRONT_LEFT',
  'FRONT_RIGHT',
  'LEFT',
  'RIGHT',
  'REAR',
  'REAR_LEFT',
  'REAR_RIGHT',
  'ROOF',
  'WINDSCREEN',
  'WHEELS',
  'INTERIOR',
  'UNDERBODY',
] as const;
export const DamageZone = z.enum(DAMAGE_ZONES);
export type DamageZone = z.infer<typeof DamageZone>;

export const DAMAGE_KINDS = ['SCRATCH', 'DENT', 'CHIP', 'CRACK', 'RUST', 'BROKEN', 'MISSING', 'STAIN', 'WEAR'] as const;
export const DamageKind = z.enum(DAMAGE_KINDS);
export type DamageKind = z.infer<typeof DamageKind>;

export const DAMAGE_SEVERITIES = ['MINOR', 'MODERATE', 'SEVERE'] as const;
export const DamageSeverity = z.enum(DAMAGE_SEVERITIES);
export type DamageSeverity = z.infer<typeof DamageSeverity>;

export const VEHICLE_CONDITIONS = ['EXCELLENT', 'GOOD', 'FAIR', 'POOR'] as const;
export const VehicleCondition = z.enum(VEHICLE_CONDITIONS);
export type VehicleCondition = z.infer<typeof VehicleCondition>;

/** Vehicle health check traffic lights: red needs work now, amber soon, green is fine. */
export const HEALTH_RATINGS = ['RED', 'AMBER', 'GREEN'] as const;
export const HealthRating = z.enum(HEALTH_RATINGS);
export type HealthRating = z.infer<typeof HealthRating>;

export const HEALTH_CATEGORIES = [
  'BRAKES',
  'TYRES',
  'SUSPENSION',
  'STEERING',
  'LIGHTS',
  'WIPERS',
  'BATTERY',
  'FLUIDS',
  'ENGINE',
  'EXHAUST',
  'BODYWORK',
  'OTHER',
] as const;
export const HealthCategory = z.enum(HEALTH_CATEGORIES);
export type HealthCategory = z.infer<typeof HealthCategory>;

export const CUSTOMER_DECISIONS = ['PENDING', 'ACCEPTED', 'DECLINED'] as const;
export const CustomerDecision = z.enum(CUSTOMER_DECISIONS);
export type CustomerDecision = z.infer<typeof CustomerDecision>;

export const CURRENCIES = ['EUR', 'GBP', 'PLN', 'SEK', 'DKK', 'CHF'] as const;
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

/** Shooting types that carry inspection data. */
export const INSPECTION_SHOOTING_TYPES = ['INSPECTION', 'INSPECTION_REPAIR_ORDER'] as const;

/**
 * Shooting types a user's models allow (spec section 6): inspection types with INSPECT or
 * INSPECT_REPAIR_ORDER, remarketing types with VIDEO or PROCESS, all with neither or both.
 */
export function shootingTypesForModels(models: readonly string[]): ShootingType[] {
  const inspect = models.includes('INSPECT') || models.includes('INSPECT_REPAIR_ORDER');
  const remarketing = models.includes('VIDEO') || models.includes('PROCESS');
  if (inspect && !remarketing) return ['INSPECTION', 'INSPECTION_REPAIR_ORDER'];
  if (remarketing && !inspect) return ['STANDARD', 'VIDEO'];
  return ['STANDARD', 'VIDEO', 'INSPECTION', 'INSPECTION_REPAIR_ORDER'];
}

/** Amounts are integer cents of the inspection's currency, so totals never round. */
const cents = z
  .number({ error: 'must be an amount in cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(100_000_000, 'is too large');
const note = z.string().trim().max(1000, 'must be at most 1000 characters');
const id = z.string().trim().min(1).max(100);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as yyyy-mm-dd')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'is not a real date',
  );
const atLeastOne = <T extends Record<string, unknown>>(body: T) => Object.values(body).some((v) => v !== undefined);

export const RepairOrderInput = z.object({
  number: z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'),
  mileage: z
    .number({ error: 'must be a number of kilometres' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(2_000_000, 'is too large'),
  customerName: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
});
export type RepairOrderInput = z.infer<typeof RepairOrderInput>;

/** `PUT .../inspection`: the inspection's own fields; what is left out keeps its value. */
export const InspectionUpsertBody = z
  .object({
    currency: Currency.optional(),
    overallCondition: VehicleCondition.nullable().optional(),
    repairOrder: RepairOrderInput.nullable().optional(),
    workshopVideoId: id.nullable().optional(),
  })
  .strict()
  .refine(atLeastOne, 'needs at least one field');
export type InspectionUpsertBody = z.infer<typeof InspectionUpsertBody>;

const damageFields = {
  zone: DamageZone,
  kind: DamageKind,
  severity: DamageSeverity,
  imageId: id.nullable(),
  note,
  estimatedCostCents: cents,
};
export const DamageCreateBody = z
  .object({ ...damageFields, imageId: damageFields.imageId.default(null), note: note.default('') })
  .strict();
export type DamageCreateBody = z.infer<typeof DamageCreateBody>;
export const DamageUpdateBody = z
  .object(damageFields)
  .partial()
  .strict()
  .refine(atLeastOne, 'needs at least one field');
export type DamageUpdateBody = z.infer<typeof DamageUpdateBody>;

const itemFields = {
  category: HealthCategory,
  label: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  rating: HealthRating,
  partsPriceCents: cents,
  labourPriceCents: cents,
  decision: CustomerDecision,
  note,
  imageId: id.nullable(),
};
export const HealthCheckItemCreateBody = z
  .object({
    ...itemFields,
    decision: CustomerDecision.default('PENDING'),
    note: note.default(''),
    imageId: itemFields.imageId.default(null),
  })
  .strict();
export type HealthCheckItemCreateBody = z.infer<typeof HealthCheckItemCreateBody>;
export const HealthCheckItemUpdateBody = z
  .object(itemFields)
  .partial()
  .strict()
  .refine(atLeastOne, 'needs at least one field');
export type HealthCheckItemUpdateBody = z.infer<typeof HealthCheckItemUpdateBody>;

const offerFields = {
  amountCents: cents.min(1, 'must be more than zero'),
  validUntil: isoDay,
  conditions: z.string().trim().max(2000, 'must be at most 2000 characters'),
};
export const TradeInOfferCreateBody = z
  .object({ ...offerFields, conditions: offerFields.conditions.default('') })
  .strict();
export type TradeInOfferCreateBody = z.infer<typeof TradeInOfferCreateBody>;
export const TradeInOfferUpdateBody = z
  .object(offerFields)
  .partial()
  .strict()
  .refine(atLeastOne, 'needs at least one field');
export type TradeInOfferUpdateBody = z.infer<typeof TradeInOfferUpdateBody>;

export const InspectionPhoto = z.object({ imageId: z.string(), url: z.string(), thumbnailUrl: z.string().nullable() });
export type InspectionPhoto = z.infer<typeof InspectionPhoto>;

const fraction = z
  .number({ error: 'must be a number between 0 and 1' })
  .min(0, 'must be between 0 and 1')
  .max(1, 'must be between 0 and 1');

/** Where a damage is on a picture of the vehicle: the picture, and x/y as fractions of its width and height from the top left. */
export const DamageSpot = z.object({ imageId: id, x: fraction, y: fraction }).strict();
export type DamageSpot = z.infer<typeof DamageSpot>;

/** `PUT .../damages/{damageId}/spot`: places (or moves) the damage on a picture of the same vehicle. */
export const DamageSpotBody = DamageSpot;
export type DamageSpotBody = DamageSpot;

/** A picture a damage of the inspection may be placed on: the final picture of a position of one of the vehicle's shootings. */
export const VehiclePicture = z.object({
  id: z.string(),
  shootingId: z.string(),
  shootingType: ShootingType,
  shootingCreated: z.string(),
  order: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type VehiclePicture = z.infer<typeof VehiclePicture>;
/** `GET .../damage-pictures`: the inspection's own pictures first, then the vehicle's other shootings', newest first. */
export const VehiclePicturesResponse = z.array(VehiclePicture);

export const Damage = z.object({
  id: z.string(),
  zone: DamageZone,
  kind: DamageKind,
  severity: DamageSeverity,
  note: z.string(),
  estimatedCostCents: z.number().int(),
  photo: InspectionPhoto.nullable(),
  /** Null until the damage is placed on a picture. */
  spot: DamageSpot.nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Damage = z.infer<typeof Damage>;

export const HealthCheckItem = z.object({
  id: z.string(),
  category: HealthCategory,
  label: z.string(),
  rating: HealthRating,
  partsPriceCents: z.number().int(),
  labourPriceCents: z.number().int(),
  totalCents: z.number().int(),
  decision: CustomerDecision,
  note: z.string(),
  photo: InspectionPhoto.nullable(),
  created: z.string(),
  updated: z.string(),
});
export type HealthCheckItem = z.infer<typeof HealthCheckItem>;

export const RatingTotals = z.object({ count: z.number().int(), totalCents: z.number().int() });
export const HealthCheckTotals = z.object({
  RED: RatingTotals,
  AMBER: RatingTotals,
  GREEN: RatingTotals,
  /** Red and amber work, whatever the customer decided. */
  proposedCents: z.number().int(),
  acceptedCents: z.number().int(),
  declinedCents: z.number().int(),
  pendingCents: z.number().int(),
});
export type HealthCheckTotals = z.infer<typeof HealthCheckTotals>;

export const TradeInOffer = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  validUntil: z.string(),
  conditions: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type TradeInOffer = z.infer<typeof TradeInOffer>;

export const WorkshopVideo = z.object({
  id: z.string(),
  streamer: z.string(),
  url: z.string().nullable(),
  reference: z.string().nullable(),
});
export type WorkshopVideo = z.infer<typeof WorkshopVideo>;

export const RepairOrder = RepairOrderInput;
export type RepairOrder = RepairOrderInput;

/** `GET .../inspection`: everything the detail page shows of an inspection or a repair order. */
export const InspectionView = z.object({
  shootingId: z.string(),
  shootingType: z.enum(INSPECTION_SHOOTING_TYPES),
  currency: Currency,
  overallCondition: VehicleCondition.nullable(),
  repairOrder: RepairOrder.nullable(),
  damages: z.array(Damage),
  damagesTotalCents: z.number().int(),
  healthCheck: z.object({ items: z.array(HealthCheckItem), totals: HealthCheckTotals }),
  workshopVideo: WorkshopVideo.nullable(),
  /** Empty for users without the use2spect (trade-in) option. */
  tradeInOffers: z.array(TradeInOffer),
  created: z.string().nullable(),
  updated: z.string().nullable(),
});
export type InspectionView = z.infer<typeof InspectionView>;

export const DamageParams = z.object({
  ownerId: z.string(),
  productId: z.string(),
  shootingId: z.string(),
  damageId: z.string(),
});
export const HealthCheckItemParams = z.object({
  ownerId: z.string(),
  productId: z.string(),
  shootingId: z.string(),
  itemId: z.string(),
});
export const TradeInOfferParams = z.object({
  ownerId: z.string(),
  productId: z.string(),
  shootingId: z.string(),
  offerId: z.string(),
});
