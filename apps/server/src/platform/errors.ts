import type { ErrorCode } from '@forecourt/contracts';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SIGNATURE_INVALID: 403,
  SIGNATURE_EXPIRED: 403,
  WRONG_MEETING_CODE: 404,
  UPLOAD_EXPIRED: 410,
  MEDIA_LIMITS_EXCEEDED: 422,
  ROOM_FULL: 409,
  ROOM_ENDED: 410,
  INTERNAL_ERROR: 500,
};

/** A failure a caller should see: a stable code, a message, the right status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message);
    this.status = status ?? STATUS[code];
  }
}

/** A 429 that says when to come back: the error handler sends `Retry-After` with it. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message, { retryAfterSeconds });
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You may not do this') => new AppError('FORBIDDEN', message);
export const badRequest = (message: string, details?: unknown) => new AppError('VALIDATION_ERROR', message, details);
