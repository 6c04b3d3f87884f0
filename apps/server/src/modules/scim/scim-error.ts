import { SCIM_ERROR_SCHEMA } from '@forecourt/contracts';
import { AppError } from '../../platform/errors';

/** The scimType values of RFC 7644 section 3.12 that this server answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'uniqueness'
  | 'noTarget'
  | 'tooMany';

/** A SCIM failure: an HTTP status and, for a 400 or 409, the RFC's scimType. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }
}

export const scimBadRequest = (scimType: ScimType, message: string) => new ScimError(400, message, scimType);

/** The body of an error in the RFC's shape (section 3.12); status is a string there. */
export const scimErrorBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** Any failure of a SCIM route as the RFC's error: the user board's AppErrors keep their status and message. */
export function scimErrorOf(err: unknown): { status: number; body: ReturnType<typeof scimErrorBody> } | null {
  if (err instanceof ScimError)
    return { status: err.status, body: scimErrorBody(err.status, err.message, err.scimType) };
  if (err instanceof AppError) {
    const scimType: ScimType | undefined =
      err.status === 409 ? 'uniqueness' : err.status === 400 ? 'invalidValue' : undefined;
    return { status: err.status, body: scimErrorBody(err.status, err.message, scimType) };
  }
  return null;
}
