import { z } from 'zod';
import { ShootingType } from './enums';
import { CustomerDecision, Currency, HealthCategory, HealthRating, VehicleCondition } from './inspections';
import { RegistrationInput } from './products';
import { ReportKind } from './reports';

/** `GET /api/vehicles/{registration}`: the registration as the portal types it, upper-cased. */
export const VehicleParams = z.object({ registration: RegistrationInput });
export type VehicleParams = z.infer<typeof VehicleParams>;

/** Portal path of a vehicle's page. */
export const vehicleRoute = (registration: string): string => `/vehicles/${encodeURIComponent(registration)}`;

/** Whether a search text names a registration the vehicle page can take. */
export const isRegistrationSearch = (text: string): boolean => RegistrationInput.safeParse(text).success;

/** How many ratings and their mean score (null without any). */
export const RatingSummary = z.object({ count: z.number().int(), average: z.number().nullable() });
export type RatingSummary = z.infer<typeof RatingSummary>;

/** A health-check item of a repair order and the customer's decision on it. */
export const RepairDecision = z.object({
  label: z.string(),
  category: HealthCategory,
  rating: HealthRating,
  decision: CustomerDecision,
  /** Parts and labour, integer cents of the inspection's currency. */
  priceCents: z.number().int(),
});
export type RepairDecision = z.infer<typeof RepairDecision>;

/** What an inspection-type shooting recorded, summed up for the timeline. */
export const VehicleInspection = z.object({
  condition: VehicleCondition.nullable(),
  mileage: z.number().int().nullable(),
  currency: Currency,
  damages: z.number().int(),
  severeDamages: z.number().int(),
  /** The reports this inspection has something for (downloaded through the report calls). */
  reports: z.array(ReportKind),
  /** Repair orders only (INSPECTION_REPAIR_ORDER): the order's number and each item's decision. */
  repairOrder: z.object({ number: z.string().nullable(), decisions: z.array(RepairDecision) }).nullable(),
});
export type VehicleInspection = z.infer<typeof VehicleInspection>;

const at = z.string();

export const VehicleShootingEvent = z.object({
  kind: z.literal('SHOOTING'),
  at,
  shootingId: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  productId: z.string(),
  shootingType: ShootingType,
  status: z.string(),
  numberOfPictures: z.number().int(),
  /** The list's thumbnail (null for videos and shootings without pictures). */
  thumbnailUrl: z.string().nullable(),
  inspection: VehicleInspection.nullable(),
});

export const VehiclePlayerEvent = z.object({
  kind: z.literal('PLAYER_LINK'),
  /** When the link was first made. */
  at,
  ref: z.string(),
  marketplace: z.string(),
  shootingId: z.string(),
  shootingType: ShootingType,
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
  ratings: RatingSummary,
});

export const VehicleLiveEvent = z.object({
  kind: z.literal('LIVE_MEETING'),
  /** The appointment. */
  at,
  roomId: z.string(),
  name: z.string(),
  ownerName: z.string(),
  /** How many times two participants met in the room. */
  meetingsHeld: z.number().int(),
  ratings: RatingSummary,
});

export const VehicleEvent = z.discriminatedUnion('kind', [VehicleShootingEvent, VehiclePlayerEvent, VehicleLiveEvent]);
export type VehicleEvent = z.infer<typeof VehicleEvent>;
export type VehicleShootingEvent = z.infer<typeof VehicleShootingEvent>;
export type VehiclePlayerEvent = z.infer<typeof VehiclePlayerEvent>;
export type VehicleLiveEvent = z.infer<typeof VehicleLiveEvent>;

/** One vehicle of the caller's owners and everything that happened to it, newest first. */
export const VehicleResponse = z.object({
  vehicle: z.object({
    registration: z.string(),
    /** The newest real VIN among the caller's products of this registration (virtual ones only when none). */
    vin: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
  }),
  events: z.array(VehicleEvent),
});
export type VehicleResponse = z.infer<typeof VehicleResponse>;
