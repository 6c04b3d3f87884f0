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
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { ItemRow, ShootingImageRow } from './inspections.repo';

export type PhotoLookup = (imageId: string | null) => Promise<InspectionPhoto | null>;

/** Signed URLs of the shooting's images, looked up by id; an unknown id gives no photo. */
export function photoLookup(blobs: BlobStore, images: readonly ShootingImageRow[], ttlSeconds: number): PhotoLookup {
  const byId = new Map(images.map((i) => [i.id, i]));
  return async (imageId) => {
    const image = imageId ? byId.get(imageId) : undefined;
    if (!image) return null;
    return {
      imageId: image.id,
      url: await blobs.presignGet(image.blobKey, { expiresInSeconds: ttlSeconds }),
      thumbnailUrl: image.thumbnailKey
        ? await blobs.presignGet(image.thumbnailKey, { expiresInSeconds: ttlSeconds })
        : null,
    };
  };
}

export const damageView = async (row: ItemRow<'inspection_damages'>, photo: PhotoLookup): Promise<Damage> => ({
  id: row.id,
  zone: row.zone as DamageZone,
  kind: row.kind as DamageKind,
  severity: row.severity as DamageSeverity,
  note: row.note,
  estimatedCostCents: row.estimatedCostCents,
  photo: await photo(row.imageId),
  spot:
    row.spotImageId && row.spotX != null && row.spotY != null
      ? { imageId: row.spotImageId, x: row.spotX, y: row.spotY }
      : null,
  created: row.createdAt,
  updated: row.updatedAt,
});

export const healthCheckItemView = async (
  row: ItemRow<'health_check_items'>,
  photo: PhotoLookup,
): Promise<HealthCheckItem> => ({
  id: row.id,
  category: row.category as HealthCategory,
  label: row.label,
  rating: row.rating as HealthRating,
  partsPriceCents: row.partsPriceCents,
  labourPriceCents: row.labourPriceCents,
  totalCents: row.partsPriceCents + row.labourPriceCents,
  decision: row.decision as CustomerDecision,
  note: row.note,
  photo: await photo(row.imageId),
  created: row.createdAt,
  updated: row.updatedAt,
});

export const tradeInOfferView = (row: ItemRow<'trade_in_offers'>): TradeInOffer => ({
  id: row.id,
  amountCents: row.amountCents,
  validUntil: row.validUntil,
  conditions: row.conditions,
  created: row.createdAt,
  updated: row.updatedAt,
});
