import { z } from 'zod';

/** The three files of a group's video configuration (spec section 2, admin video screen). */
export const ADMIN_MEDIA_SLOTS = ['introduction', 'conclusion', 'audio'] as const;
export const AdminMediaSlot = z.enum(ADMIN_MEDIA_SLOTS);
export type AdminMediaSlot = z.infer<typeof AdminMediaSlot>;

/** 5000 MB (spec section 9), counted as the image limit is (5 MB = 5,000,000 bytes). */
export const MAX_MEDIA_BYTES = 5_000_000_000;
/**
 * What the server processes of a video or audio file, measured on its content (its packets, not the
 * duration it declares): beyond any of these, registering it answers 422 MEDIA_LIMITS_EXCEEDED with
 * `details.limit` naming the one exceeded. A 2-frame file declaring 20 hours would otherwise be
 * normalised to 1.8 million frames.
 */
export const MEDIA_LIMITS = {
  /** Longest playing time, in seconds. */
  maxSeconds: 15 * 60,
  /** Fewest frames a second on average: below it, a "video" is a few pictures spread over a long time. */
  minFramesPerSecond: 1,
  /** Most frames in all (the longest video at 120 fps). */
  maxFrames: 15 * 60 * 120,
  /** Largest picture, in pixels (4096 x 4096). */
  maxFramePixels: 4096 * 4096,
  /** Most pixels decoded a second (4K at 60 fps). */
  maxPixelsPerSecond: 3840 * 2160 * 60,
} as const;
export type MediaLimit = 'seconds' | 'framesPerSecond' | 'frames' | 'framePixels' | 'pixelsPerSecond';

export const RECOMMENDED_VIDEO_SIZE = { width: 1280, height: 720 } as const;

/** Declared types the upload accepts (spec section 5); the server still checks the content itself. */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/quicktime'] as const;
// WAV, which the file input offers (spec section 5), under the names browsers give it; the server converts it to MP3.
export const AUDIO_CONTENT_TYPES = [
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
] as const;
export const mediaKindOf = (slot: AdminMediaSlot): 'video' | 'audio' => (slot === 'audio' ? 'audio' : 'video');
export const acceptedContentTypes = (slot: AdminMediaSlot): readonly string[] =>
  mediaKindOf(slot) === 'audio' ? AUDIO_CONTENT_TYPES : VIDEO_CONTENT_TYPES;

const FileFacts = {
  // A control character (CR, LF, NUL…) has no place in a file name: it would end up in headers and links.
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  /** Over MAX_MEDIA_BYTES answers 413 PAYLOAD_TOO_LARGE. */
  size: z.number().int().positive(),
  contentType: z.string().min(1).max(100),
  /** The file's last-modified time: with name and size it finds an unfinished upload of the same file. */
  lastModified: z.number().int().nonnegative().optional(),
};

/** POST /api/media/generate_presigned_urls: a resumable upload for one slot of a group's configuration. */
export const MediaUploadRequest = z.object({ groupId: z.string().min(1).max(100), slot: AdminMediaSlot, ...FileFacts });
export type MediaUploadRequest = z.infer<typeof MediaUploadRequest>;

/** POST /api/shootings/{id}/videos/generate_presigned_urls: the vehicle video of a VIDEO shooting (mobile app). */
export const VehicleVideoUploadRequest = z.object(FileFacts);
export type VehicleVideoUploadRequest = z.infer<typeof VehicleVideoUploadRequest>;

/**
 * The upload: `presignedUrl` is a tus upload (HEAD for its offset, PATCH from there; same bearer and
 * api-key headers as the API), already created for this size. `offset` is what it holds already: an
 * unfinished upload of the same file by the same user resumes. `url` is what the registration takes.
 */
export const MediaUploadResponse = z.object({
  uploadId: z.string(),
  presignedUrl: z.string(),
  url: z.string(),
  offset: z.number().int().nonnegative(),
  expiresAt: z.string(),
});
export type MediaUploadResponse = z.infer<typeof MediaUploadResponse>;

/** PUT /api/groups/{id}/configurations/videos/{configurationId}/{slot}: body url (spec section 7). */
export const RegisterMediaBody = z.object({ url: z.string().min(1).max(500) });
export type RegisterMediaBody = z.infer<typeof RegisterMediaBody>;

export const ConfiguredMedia = z.object({
  /** Plays the original file. */
  url: z.string(),
  /** The same file as an attachment under its uploaded name. */
  downloadUrl: z.string(),
  fileName: z.string(),
  durationSeconds: z.number(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ConfiguredMedia = z.infer<typeof ConfiguredMedia>;

/** Admin video configuration (spec section 3), with what the screen shows of each file. */
export const VideoConfiguration = z.object({
  idConfigurationVideo: z.string(),
  groupId: z.string(),
  introductionVideoUrl: z.string().nullable(),
  conclusionVideoUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  version: z.number().int(),
  files: z.object({
    introduction: ConfiguredMedia.nullable(),
    conclusion: ConfiguredMedia.nullable(),
    audio: ConfiguredMedia.nullable(),
  }),
});
export type VideoConfiguration = z.infer<typeof VideoConfiguration>;

/** POST /api/shootings/{id}/videos: registers an uploaded vehicle video. */
export const RegisterVehicleVideoBody = RegisterMediaBody;
export const RegisteredVideo = z.object({ id: z.string() });
export type RegisteredVideo = z.infer<typeof RegisteredVideo>;

/** The error codes of refused media, which the portal maps to the messages of spec section 8. */
export const MEDIA_ERROR_CODES = {
  format: 'UNSUPPORTED_MEDIA_TYPE',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  expired: 'UPLOAD_EXPIRED',
  limits: 'MEDIA_LIMITS_EXCEEDED',
} as const;
