import { z } from 'zod';

/** Stable error codes; the web maps each to a translated message. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SIGNATURE_INVALID',
  'SIGNATURE_EXPIRED',
  // A live room asked for with a wrong or missing meeting code (or that does not exist: the same answer).
  'WRONG_MEETING_CODE',
  'UPLOAD_EXPIRED',
  // A video or audio file whose content is beyond what the server processes (duration, frames, pixel rate).
  'MEDIA_LIMITS_EXCEEDED',
  // A live room that has its most participants (LIVE_MAX_PARTICIPANTS): no token for one more.
  'ROOM_FULL',
  // A live room that has ended (its host ended it, or it stayed empty): no token for a late joiner.
  'ROOM_ENDED',
  'INTERNAL_ERROR',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** The id every log line of the request carries (also in the X-Request-ID header): quote it to support. */
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
