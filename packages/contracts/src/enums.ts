import { z } from 'zod';

export const SHOOTING_TYPES = ['STANDARD', 'VIDEO', 'INSPECTION', 'INSPECTION_REPAIR_ORDER'] as const;
export const ShootingType = z.enum(SHOOTING_TYPES);
export type ShootingType = z.infer<typeof ShootingType>;

export const REMARKETING_STATUSES = [
  'UPLOADING',
  'AI_PROCESSING',
  'QUALITY_CONTROL',
  'PUBLISHING',
  'FINISHED',
] as const;
export const RemarketingStatus = z.enum(REMARKETING_STATUSES);
export type RemarketingStatus = z.infer<typeof RemarketingStatus>;

/** While a shooting is in these states its public player is under construction ("being prepared"): no media yet. */
export const PLAYER_PREPARING_STATUSES: ReadonlySet<string> = new Set<RemarketingStatus>([
  'UPLOADING',
  'AI_PROCESSING',
]);

/** Image types of spec section 3, plus the cropped image without shadow added after cropping. */
export const IMAGE_TYPES = [
  'ORIGINAL',
  'STAMPED',
  'ORIGINAL_LPC',
  'STAMPED_LPC',
  'BACKGROUND_CROPPED',
  'ORIGINAL_CROPPED',
  'ORIGINAL_CROPPED_NO_SHADOW',
  'STAMPED_CROPPED',
  'ORIGINAL_CROPPED_LPC',
  'STAMPED_CROPPED_LPC',
] as const;
export const ImageType = z.enum(IMAGE_TYPES);
export type ImageType = z.infer<typeof ImageType>;

/** The order gallery shows, per position, the latest type of this list that exists (spec section 2). */
export const ORDER_GALLERY_PREFERENCE: readonly ImageType[] = [
  'ORIGINAL',
  'STAMPED',
  'ORIGINAL_LPC',
  'STAMPED_LPC',
  'BACKGROUND_CROPPED',
  'STAMPED_CROPPED',
  'ORIGINAL_CROPPED_LPC',
  'STAMPED_CROPPED_LPC',
];

/** Pictures the portal edited: background replaced (CROPPED) or plate covered (LPC); shown as edited. */
export const EDITED_IMAGE_TYPES: readonly ImageType[] = IMAGE_TYPES.filter(
  (t) => t.includes('CROPPED') || t.endsWith('_LPC'),
);
export const isEditedImageType = (type: string): boolean => (EDITED_IMAGE_TYPES as readonly string[]).includes(type);

export const VIDEO_TYPES = ['CONCAT_AUDIO', 'ORIGINAL_AUDIO', 'CONCAT', 'ORIGINAL'] as const;
export const VideoType = z.enum(VIDEO_TYPES);
export type VideoType = z.infer<typeof VideoType>;

export const STREAMERS = ['STAMPYT', 'YOUTUBE', 'CLOUDFLARE'] as const;
export const Streamer = z.enum(STREAMERS);
export type Streamer = z.infer<typeof Streamer>;

export const MODEL_TYPES = ['VIDEO', 'PROCESS', 'INSPECT', 'INSPECT_REPAIR_ORDER'] as const;
export const ModelType = z.enum(MODEL_TYPES);
export type ModelType = z.infer<typeof ModelType>;

export const FORMATS = ['4/3', '16/9'] as const;
export const Format = z.enum(FORMATS);
export type Format = z.infer<typeof Format>;

export const PRODUCT_TYPES = ['VIRTUAL', 'CAR', 'REPAIR_ORDER'] as const;
export const ProductType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductType>;

export const CROPPING_TYPES = ['CROPPING', 'PARTIAL_CROPPING', 'FADED_CROPPING'] as const;
export const CroppingType = z.enum(CROPPING_TYPES);
export type CroppingType = z.infer<typeof CroppingType>;

export const DMS_STATUSES = ['NOT_SENT', 'PENDING', 'SYNCED', 'FAILED'] as const;
export const DmsStatus = z.enum(DMS_STATUSES);
export type DmsStatus = z.infer<typeof DmsStatus>;

/** Per-user option names of spec sections 3 and 6. */
export const USER_OPTION_NAMES = [
  'useVideoLive',
  'useAdminVideo',
  'vehicleIdentificationMethods',
  'use2spect',
  'useSendEmail',
  'useSendSms',
  'useDeleteShooting',
  'useResendDMSOnStampotheque',
  'useLicensePlateCover',
  'useCropping',
  'useRestamp',
] as const;
export type UserOptionName = (typeof USER_OPTION_NAMES)[number];

export const HABILITATIONS = ['PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS', 'SALES'] as const;
export type Habilitation = (typeof HABILITATIONS)[number];
