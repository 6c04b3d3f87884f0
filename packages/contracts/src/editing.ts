import { z } from 'zod';
import { CROPPING_TYPES, ImageType, type CroppingType } from './enums';
import { PlateCorners } from './vision';

/** The two edits of edit mode (spec section 3, editionTypeSelected). */
export const EDITION_TYPES = ['CROPPING', 'LICENSE_PLATE_COVER'] as const;
export const EditionType = z.enum(EDITION_TYPES);
export type EditionType = z.infer<typeof EditionType>;

export const EDIT_KINDS = ['LICENSE_PLATE_COVER', ...CROPPING_TYPES] as const;
export const EditKind = z.enum(EDIT_KINDS);
export type EditKind = z.infer<typeof EditKind>;

export const EditStatus = z.enum(['PENDING', 'DONE', 'ERROR']);
export type EditStatus = z.infer<typeof EditStatus>;

/** The developer-service path of each cropping type (spec section 7). */
export const CROP_PROCESS_PATHS: Record<CroppingType, string> = {
  CROPPING: '/vision/v1/processes/crop',
  PARTIAL_CROPPING: '/vision/v1/processes/crop-partial',
  FADED_CROPPING: '/vision/v1/processes/crop-fading',
};

/**
 * The error of a cropping edit whose picture holds no vehicle the model is sure of: the portal says so in the
 * user's language rather than a general error (reloading would not help).
 */
export const NO_VEHICLE_ERROR = 'No vehicle was found in this picture';

/** One edit of one picture, followed by the portal until it is DONE or in ERROR. */
export const ImageEdit = z.object({
  id: z.string(),
  shootingId: z.string(),
  /** The ORIGINAL of the edited position. */
  imageId: z.string(),
  position: z.number().int(),
  kind: EditKind,
  status: EditStatus,
  /** Present when the edit failed: what went wrong, in English (the portal shows a translated message). */
  error: z.string().optional(),
  /** Image types this edit produced, once DONE. */
  imageTypes: z.array(ImageType),
});
export type ImageEdit = z.infer<typeof ImageEdit>;

/** POST /api/shootings/{id}/images/{imageId}/licence-plate-cover: the plates as the user left them. */
export const LicencePlateCoverBody = z.object({
  plates: z
    .array(z.object({ corners: PlateCorners }))
    .min(1)
    .max(8),
});
export type LicencePlateCoverBody = z.infer<typeof LicencePlateCoverBody>;

/** POST /vision/v1/processes/crop (and -partial, -fading): one picture per call. */
export const CropProcessBody = z.object({ shootingId: z.string().min(1), imageId: z.string().min(1) });
export type CropProcessBody = z.infer<typeof CropProcessBody>;

/** POST /api/shootings/{id}/images: adds the pictures of finished cropping edits to the shooting. */
export const AddEditedImagesBody = z.object({ editIds: z.array(z.string().min(1)).min(1).max(60) });
export type AddEditedImagesBody = z.infer<typeof AddEditedImagesBody>;

export const AddedImages = z.object({
  results: z.array(z.object({ editId: z.string(), imageTypes: z.array(ImageType), error: z.string().optional() })),
});
export type AddedImages = z.infer<typeof AddedImages>;

export const QUALITY_WARNINGS = [
  'BLURRY',
  'UNDEREXPOSED',
  'OVEREXPOSED',
  'VEHICLE_TOO_SMALL',
  'VEHICLE_TOO_LARGE',
  'VEHICLE_CUT_OFF',
] as const;
export const QualityWarning = z.enum(QUALITY_WARNINGS);
export type QualityWarning = z.infer<typeof QualityWarning>;

export const ImageVerification = z.object({
  imageId: z.string(),
  position: z.number().int(),
  imageType: ImageType,
  warnings: z.array(QualityWarning),
  checkedAt: z.string(),
});
export type ImageVerification = z.infer<typeof ImageVerification>;

/** Answer of the clipping service's verifications, and of GET /api/shootings/{id}/verifications. */
export const VerificationsResponse = z.object({ verifications: z.array(ImageVerification) });
export type VerificationsResponse = z.infer<typeof VerificationsResponse>;

/** Header carrying the portal user's bearer token on clipping-service calls (which use basic auth). */
export const FORECOURT_AUTHORIZATION_HEADER = 'x-forecourt-authorization';

/** Route parameters: an image, or an edit, of a shooting. */
export const ShootingImageParams = z.object({ id: z.string(), imageId: z.string() });
export const ShootingEditParams = z.object({ id: z.string(), editId: z.string() });
