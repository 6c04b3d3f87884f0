import { createHash } from 'node:crypto';
import {
  ORDER_GALLERY_PREFERENCE,
  type CustomerDecision,
  type DamageKind,
  type DamageSeverity,
  type DamageZone,
  type HealthCategory,
  type HealthCheckTotals,
  type HealthRating,
  type ReportKind,
  type ReportLocale,
  type VehicleCondition,
} from '@forecourt/contracts';
import { contactTitle } from '@forecourt/contracts/player-media';
import type { Db } from '../../platform/db/database';
import { healthCheckTotals } from '../inspections/inspection-totals';
import { inspectionRecords, repairOrderOf } from '../inspections/inspections.service';
import { findOwnerCard } from './reports.repo';

type ShootingImageRow = Awaited<ReturnType<typeof inspectionRecords>>['images'][number];

/** Bumped when the layout changes, so that every stored report is rebuilt once. */
const RENDERER_VERSION = 1;
/** A report shows at most this many gallery photos, whatever the shooting holds. */
const MAX_GALLERY_PHOTOS = 48;

export interface ReportPhoto {
  imageId: string;
  blobKey: string;
}

/** Everything one report prints; its hash is the report's data version. */
export interface ReportModel {
  kind: ReportKind;
  locale: ReportLocale;
  owner: { name: string; phone: string | null; contact: { title: string; value: string }[]; logoKey: string | null };
  vehicle: { registration: string; vin: string; brand: string | null; model: string | null; shootingDate: string };
  currency: string;
  overallCondition: VehicleCondition | null;
  repairOrder: { number: string; mileage: number; customerName: string } | null;
  damages: {
    zone: DamageZone;
    kind: DamageKind;
    severity: DamageSeverity;
    note: string;
    estimatedCostCents: number;
    photo: ReportPhoto | null;
  }[];
  items: {
    category: HealthCategory;
    label: string;
    rating: HealthRating;
    partsPriceCents: number;
    labourPriceCents: number;
    decision: CustomerDecision;
    note: string;
    photo: ReportPhoto | null;
  }[];
  totals: HealthCheckTotals;
  offers: { amountCents: number; validUntil: string; conditions: string }[];
  gallery: ReportPhoto[];
}

export interface ReportShooting {
  id: string;
  ownerId: string;
  shootingType: string;
  createdAt: string;
  registration: string;
  vin: string;
  brand: string | null;
  model: string | null;
}

/** Per position, the latest image type of the order gallery's preference list (spec section 2). */
export function galleryImages(images: readonly ShootingImageRow[]): ShootingImageRow[] {
  const best = new Map<number, ShootingImageRow>();
  const rank = (t: string) => ORDER_GALLERY_PREFERENCE.indexOf(t as (typeof ORDER_GALLERY_PREFERENCE)[number]);
  for (const image of images) {
    if (rank(image.imageType) < 0) continue;
    const current = best.get(image.position);
    if (!current || rank(image.imageType) > rank(current.imageType)) best.set(image.position, image);
  }
  return [...best.entries()].sort(([a], [b]) => a - b).map(([, image]) => image);
}

/** Whether a report of this kind has anything to show; nothing to show is the portal's NO_PDF. */
function hasContent(kind: ReportKind, model: Omit<ReportModel, 'kind'>, shootingType: string): boolean {
  if (kind === 'DAMAGES') return model.damages.length > 0 || model.overallCondition !== null;
  if (kind === 'VHC') return shootingType === 'INSPECTION_REPAIR_ORDER' && model.items.length > 0;
  return model.offers.length > 0;
}

/** The data of one report, or null when the shooting has nothing of that kind to report. */
export async function loadReportModel(
  db: Db,
  shooting: ReportShooting,
  kind: ReportKind,
  locale: ReportLocale,
): Promise<ReportModel | null> {
  const [owner, { head, damages, items, offers, images, currency }] = await Promise.all([
    findOwnerCard(db, shooting.ownerId),
    inspectionRecords({ db }, shooting.id),
  ]);
  if (!owner) return null;
  const byId = new Map(images.map((i) => [i.id, i]));
  const photo = (id: string | null): ReportPhoto | null => {
    const image = id ? byId.get(id) : undefined;
    return image ? { imageId: image.id, blobKey: image.blobKey } : null;
  };
  const itemRows = items.map((i) => ({
    category: i.category as HealthCategory,
    label: i.label,
    rating: i.rating as HealthRating,
    partsPriceCents: i.partsPriceCents,
    labourPriceCents: i.labourPriceCents,
    decision: i.decision as CustomerDecision,
    note: i.note,
    photo: photo(i.imageId),
  }));
  const content = {
    locale,
    owner: {
      name: owner.name,
      phone: owner.contact_phone,
      contact: contactLines(owner.contact_information, locale),
      logoKey: owner.logo_key,
    },
    vehicle: {
      registration: shooting.registration,
      vin: shooting.vin,
      brand: shooting.brand,
      model: shooting.model,
      shootingDate: shooting.createdAt,
    },
    currency,
    overallCondition: (head?.overallCondition ?? null) as VehicleCondition | null,
    repairOrder: shooting.shootingType === 'INSPECTION_REPAIR_ORDER' ? repairOrderOf(head) : null,
    damages: damages.map((d) => ({
      zone: d.zone as DamageZone,
      kind: d.kind as DamageKind,
      severity: d.severity as DamageSeverity,
      note: d.note,
      estimatedCostCents: d.estimatedCostCents,
      photo: photo(d.imageId),
    })),
    items: itemRows,
    totals: healthCheckTotals(itemRows),
    offers: offers.map((o) => ({ amountCents: o.amountCents, validUntil: o.validUntil, conditions: o.conditions })),
    gallery: galleryImages(images)
      .slice(0, MAX_GALLERY_PHOTOS)
      .map((i) => ({ imageId: i.id, blobKey: i.blobKey })),
  };
  if (!hasContent(kind, content, shooting.shootingType)) return null;
  return { kind, ...content };
}

/** The stock's contact lines with their titles in the report's language, as the player shows them. */
export function contactLines(json: string, locale: ReportLocale): { title: string; value: string }[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list)
      ? list
          .filter(
            (c): c is { title: string; value: string; titles?: Record<string, string> } =>
              typeof c?.title === 'string' && typeof c?.value === 'string',
          )
          .map((c) => ({ title: contactTitle(c, locale), value: c.value }))
      : [];
  } catch {
    return [];
  }
}

/** The report's data version: a report whose stored version matches is not rebuilt. */
export const dataVersion = (model: ReportModel): string =>
  createHash('sha256')
    .update(JSON.stringify({ v: RENDERER_VERSION, model }))
    .digest('hex');
