import { z } from 'zod';
import {
  DmsStatus,
  ImageType,
  ORDER_GALLERY_PREFERENCE,
  ProductType,
  SHOOTING_TYPES,
  ShootingType,
  VideoType,
} from './enums';
import { IsoDay } from './iso-day';

/** Largest page the list answers; the portal asks for 12 (spec section 9). */
export const SHOOTING_PAGE_SIZE = 12;
export const SHOOTING_PAGE_MAX = 100;

/** `shootingTypes` arrives as `A,B` or as a repeated parameter; both mean the same list. */
const typeList = z.preprocess(
  (v) => (Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : typeof v === 'string' ? v.split(',') : v),
  z
    .array(
      z
        .string()
        .trim()
        .pipe(z.enum(SHOOTING_TYPES, { error: `must be among ${SHOOTING_TYPES.join(', ')}` })),
    )
    .min(1, 'needs at least one type'),
);

/** Query of `GET /api/shootings` (spec section 7); dates are inclusive calendar days in UTC. */
export const ShootingListQuery = z
  .object({
    userId: z.string().optional(),
    shootingTypes: typeList.default([...SHOOTING_TYPES]),
    limit: z.coerce.number().int().min(1).max(SHOOTING_PAGE_MAX).default(SHOOTING_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    startDate: IsoDay.optional(),
    endDate: IsoDay.optional(),
    registration: z.string().trim().max(32).optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['endDate'],
    message: 'must not be before startDate',
  });
export type ShootingListQuery = z.infer<typeof ShootingListQuery>;
export type ShootingListQueryInput = z.input<typeof ShootingListQuery>;

export const StampRef = z.object({ id: z.string(), name: z.string() });
export type StampRef = z.infer<typeof StampRef>;

/** A card of the shootings list (spec section 3). `image` is a thumbnail URL, null when there is none. */
export const ShootingListItem = z.object({
  id: z.string(),
  shootingId: z.string(),
  productId: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  shootingType: ShootingType,
  numberOfPictures: z.number().int(),
  image: z.string().nullable(),
  registration: z.string(),
  created: z.string(),
  stamps: z.array(StampRef),
  productModel: z.string().nullable(),
  /** Kept as text: an unknown value is shown raw (spec section 4). */
  remarketingShootingStatus: z.string(),
});
export type ShootingListItem = z.infer<typeof ShootingListItem>;

export const ShootingListResponse = z.object({ items: z.array(ShootingListItem) });
export type ShootingListResponse = z.infer<typeof ShootingListResponse>;

export const ShootingImage = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  order: z.number().int(),
  imageType: ImageType,
  isLabelImage: z.boolean(),
  maskId: z.string().nullable(),
  stampId: z.string().nullable(),
  format: z.string().nullable(),
});
export type ShootingImage = z.infer<typeof ShootingImage>;

/** `url` is a presigned URL for hosted files (STAMPYT) and the public URL for YouTube / Cloudflare Stream. */
export const ShootingVideo = z.object({
  id: z.string(),
  type: VideoType,
  streamer: z.string(),
  url: z.string().nullable(),
  reference: z.string().nullable(),
  /** A still of a hosted video, shown before it plays. */
  posterUrl: z.string().nullable().optional(),
});
export type ShootingVideo = z.infer<typeof ShootingVideo>;

export const ShootingVideosResponse = z.array(ShootingVideo);
export type ShootingVideosResponse = z.infer<typeof ShootingVideosResponse>;

/** The shooting detail (spec section 3). `model.stamps` are the stamps applied to the shooting. */
export const ShootingDetail = z.object({
  id: z.string(),
  productId: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  shootingType: ShootingType,
  videoName: z.string().nullable(),
  registration: z.string(),
  productType: ProductType,
  vin: z.string(),
  brand: z.string().nullable(),
  model: z.object({ name: z.string().nullable(), stamps: z.array(StampRef) }),
  status: z.string(),
  remarketingShootingStatus: z.string(),
  created: z.string(),
  format: z.string().nullable(),
  stamps: z.array(StampRef),
  details: z.object({
    registration: z.string(),
    vin: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
  }),
  images: z.array(ShootingImage),
  videos: z.array(ShootingVideo),
  user: z.object({ fullName: z.string() }).nullable(),
  dmsStatus: DmsStatus,
  dmsSyncedAt: z.string().nullable(),
});
export type ShootingDetail = z.infer<typeof ShootingDetail>;

export const ProductInfo = z.object({
  id: z.string(),
  productId: z.string(),
  ownerId: z.string(),
  registration: z.string(),
  vin: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  productType: ProductType,
  details: z.object({ registration: z.string() }),
});
export type ProductInfo = z.infer<typeof ProductInfo>;

export const ShootingPathParams = z.object({ ownerId: z.string(), productId: z.string(), shootingId: z.string() });
export const ProductPathParams = z.object({ ownerId: z.string(), productId: z.string() });

export const DeleteShootingQuery = z.object({
  deleteSameDayRelatedShootings: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const ReplayDmsResponse = z.object({ dmsStatus: DmsStatus });
export type ReplayDmsResponse = z.infer<typeof ReplayDmsResponse>;

export const ARCHIVE_TYPES = [
  'ORIGINAL_WITHOUT_PROCESSES',
  'ORIGINAL_WITH_PROCESSES',
  'STAMPED_WITH_PROCESSES',
] as const;
export const ArchiveType = z.enum(ARCHIVE_TYPES);
export type ArchiveType = z.infer<typeof ArchiveType>;
export const ArchiveQuery = z.object({ type: ArchiveType });

/** Whether an archive kind holds images of this type: the server's zip and the portal's menu share the rule. */
export function archiveHolds(type: ArchiveType, imageType: string): boolean {
  if (type === 'ORIGINAL_WITHOUT_PROCESSES') return imageType === 'ORIGINAL';
  if (type === 'ORIGINAL_WITH_PROCESSES') return imageType.startsWith('ORIGINAL');
  return imageType.startsWith('STAMPED');
}

/** Portal route of a shooting's detail: the last segment names the type (spec section 2). */
export const SHOOTING_ROUTE_SUFFIX: Record<ShootingType, string> = {
  STANDARD: '',
  INSPECTION: '/inspect',
  VIDEO: '/video',
  INSPECTION_REPAIR_ORDER: '/inspection-repair-order',
};

export const shootingDetailRoute = (s: {
  ownerId: string;
  productId: string;
  id: string;
  shootingType: ShootingType;
}): string =>
  `/owners/${encodeURIComponent(s.ownerId)}/products/${encodeURIComponent(s.productId)}/shootings/${encodeURIComponent(s.id)}${SHOOTING_ROUTE_SUFFIX[s.shootingType]}`;

/** The type a detail route shows, from its last path segment. */
export const shootingTypeFromPath = (pathname: string): ShootingType => {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  if (last === 'inspection-repair-order') return 'INSPECTION_REPAIR_ORDER';
  if (last === 'inspect') return 'INSPECTION';
  if (last === 'video') return 'VIDEO';
  return 'STANDARD';
};

/** Main API path of one shooting, below /api. */
export const shootingApiPath = (p: { ownerId: string; productId: string; shootingId: string }): string =>
  `/owners/${encodeURIComponent(p.ownerId)}/products/${encodeURIComponent(p.productId)}/shootings/${encodeURIComponent(p.shootingId)}`;

/**
 * The order gallery (spec section 2): per position, the image whose type comes latest in
 * ORDER_GALLERY_PREFERENCE; types outside the list are never picked. Sorted by position.
 */
export function pickOrderGallery<T extends { order: number; imageType: string }>(images: readonly T[]): T[] {
  const rank = (t: string) => (ORDER_GALLERY_PREFERENCE as readonly string[]).indexOf(t);
  const best = new Map<number, T>();
  for (const image of images) {
    if (rank(image.imageType) < 0) continue;
    const current = best.get(image.order);
    if (!current || rank(image.imageType) > rank(current.imageType)) best.set(image.order, image);
  }
  return [...best.values()].sort((a, b) => a.order - b.order);
}

/** A vin starting with Virtual_ marks a virtual product, hence a virtual shooting (spec section 3). */
export const isVirtualVin = (vin: string): boolean => vin.startsWith('Virtual_');

/** Route parameters naming a shooting, a product or an owner by id alone. */
export const ShootingIdParams = z.object({ id: z.string() });
export const ProductIdParams = z.object({ productId: z.string() });
export const OwnerIdParams = z.object({ ownerId: z.string() });
