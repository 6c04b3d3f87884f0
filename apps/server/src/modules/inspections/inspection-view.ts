import type {
  CustomerDecision,
  Damage,
  DamageKind,
  DamageSeverity,
  DamageZone,
  HealthCategory,
  HealthCheckItem,
  HealthRating,
  InspectionPhoto,
  TradeInOffer,
} from '@forecourt/contracts';
import type { HealthCheckItemsTable, InspectionDamagesTable, TradeInOffersTable } from '../../db/schema';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { ShootingImageRow } from './inspections.repo';

export type PhotoLookup = (imageId: string | null) => Promise<InspectionPhoto | null>;

/** Signed URLs of the shooting's images, looked up by id; an unknown id gives no photo. */
export function photoLookup(blobs: BlobStore, images: readonly ShootingImageRow[], ttlSeconds: number): PhotoLookup {
  const byId = new Map(images.map((i) => [i.id, i]));
  return async (imageId) => {
    const image = imageId ? byId.get(imageId) : undefined;
    if (!image) return null;
    return {
      imageId: image.id,
      url: await blobs.presignGet(image.blob_key, { expiresInSeconds: ttlSeconds }),
      thumbnailUrl: image.thumbnail_key
        ? await blobs.presignGet(image.thumbnail_key, { expiresInSeconds: ttlSeconds })
        : null,
    };
  };
}

export const damageView = async (row: InspectionDamagesTable, photo: PhotoLookup): Promise<Damage> => ({
  id: row.id,
  zone: row.zone as DamageZone,
  kind: row.kind as DamageKind,
  severity: row.severity as DamageSeverity,
  note: row.note,
  estimatedCostCents: row.estimated_cost_cents,
  photo: await photo(row.image_id),
  spot:
    row.spot_image_id && row.spot_x != null && row.spot_y != null
      ? { imageId: row.spot_image_id, x: row.spot_x, y: row.spot_y }
      : null,
  created: row.created_at,
  updated: row.updated_at,
});

export const healthCheckItemView = async (
  row: HealthCheckItemsTable,
  photo: PhotoLookup,
): Promise<HealthCheckItem> => ({
  id: row.id,
  category: row.category as HealthCategory,
  label: row.label,
  rating: row.rating as HealthRating,
  partsPriceCents: row.parts_price_cents,
  labourPriceCents: row.labour_price_cents,
  totalCents: row.parts_price_cents + row.labour_price_cents,
  decision: row.decision as CustomerDecision,
  note: row.note,
  photo: await photo(row.image_id),
  created: row.created_at,
  updated: row.updated_at,
});

export const tradeInOfferView = (row: TradeInOffersTable): TradeInOffer => ({
  id: row.id,
  amountCents: row.amount_cents,
  validUntil: row.valid_until,
  conditions: row.conditions,
  created: row.created_at,
  updated: row.updated_at,
});
