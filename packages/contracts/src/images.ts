import { z } from 'zod';
import { Format } from './enums';

/** Image types the portal may upload: what the blob store accepts and registration re-checks by the bytes. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UploadContentType = z.enum(UPLOAD_CONTENT_TYPES);

/** Browser-side limits of spec sections 5 and 9; the server holds the same defaults in its configuration. */
export const MAX_IMAGE_BYTES = 5_000_000;
export const MAX_IMAGE_PIXELS = 3840 * 2160 - 1;

/** `POST /api/products/{id}/shootings/generate_presigned_urls`: one fresh id (a UUID) per picture. */
export const PresignImagesBody = z.object({
  images: z
    .array(z.object({ id: z.uuid(), contentType: z.string().min(1).max(100) }))
    .min(1)
    .max(100),
});
export type PresignImagesBody = z.infer<typeof PresignImagesBody>;

/** Image upload entry of spec section 3: PUT the file to `presignedUrl`, then register it by `url`. */
export const UploadEntry = z.object({
  id: z.string(),
  presignedUrl: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type UploadEntry = z.infer<typeof UploadEntry>;
export const PresignImagesResponse = z.object({ images: z.array(UploadEntry) });
export type PresignImagesResponse = z.infer<typeof PresignImagesResponse>;

/** Image body entry of spec section 3. */
export const RegisterImageEntry = z.object({
  url: z.string().min(1).max(600),
  order: z.number().int().min(0).max(999),
  imageType: z.literal('ORIGINAL'),
  format: Format,
  stampId: z.string().optional(),
});

/** `POST /api/owners/{ownerId}/products/{productId}/shootings`: registration of the uploaded images. */
export const RegisterShootingBody = z
  .object({
    images: z.array(RegisterImageEntry).min(1).max(100),
    userId: z.string(),
    shootingType: z.literal('standard'),
  })
  .refine((b) => new Set(b.images.map((i) => i.order)).size === b.images.length, {
    path: ['images'],
    message: 'orders must be distinct',
  })
  .refine((b) => new Set(b.images.map((i) => i.url)).size === b.images.length, {
    path: ['images'],
    message: 'urls must be distinct',
  });
export type RegisterShootingBody = z.infer<typeof RegisterShootingBody>;

/** Why one uploaded image was refused; the portal translates the code. */
export const IMAGE_REFUSALS = [
  'NOT_UPLOADED',
  'KEY_NOT_ISSUED',
  'KEY_EXPIRED',
  'KEY_ALREADY_USED',
  'TOO_LARGE',
  'NOT_AN_IMAGE',
  'TYPE_MISMATCH',
  'UNSUPPORTED_FORMAT',
  'CORRUPT_IMAGE',
  'TOO_MANY_PIXELS',
] as const;
export const ImageRefusalCode = z.enum(IMAGE_REFUSALS);
export type ImageRefusalCode = z.infer<typeof ImageRefusalCode>;
export const ImageRefusal = z.object({
  url: z.string(),
  order: z.number().int(),
  code: ImageRefusalCode,
  message: z.string(),
});
export type ImageRefusal = z.infer<typeof ImageRefusal>;
/** `details` of the VALIDATION_ERROR a refused registration answers: one entry per refused image. */
export const RegistrationRefusedDetails = z.object({ images: z.array(ImageRefusal) });

export const RestampBody = z.object({ stampId: z.string().min(1) });
export const PipelineQueued = z.object({ runIds: z.array(z.string()) });
export type PipelineQueued = z.infer<typeof PipelineQueued>;

/** `POST /api/processes/stamp` (spec section 7): stamp images named by the URLs the API gave for them. */
export const StampProcessBody = z.object({
  stampId: z.string().min(1),
  images: z
    .array(z.object({ name: z.string().max(200), url: z.string().min(1).max(2000) }))
    .min(1)
    .max(200),
});

/**
 * `GET .../shootings/{id}/pipeline`: whether the image pipeline of the shooting stopped on a failure it
 * will not retry by itself (a dead job), and the pictures it could not process. The shooting's status
 * then no longer moves; the user retries or removes those pictures.
 */
export const PipelineState = z.object({
  failed: z.boolean(),
  images: z.array(z.object({ imageId: z.string(), position: z.number().int() })),
});
export type PipelineState = z.infer<typeof PipelineState>;
export const PipelineImageParams = z.object({
  ownerId: z.string(),
  productId: z.string(),
  shootingId: z.string(),
  imageId: z.string(),
});
