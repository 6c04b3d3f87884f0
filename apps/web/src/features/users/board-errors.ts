import type { ApiError } from '../../api/http';

/** The translated message for a refusal of the user board: the reason the server names, else its code. */
export function boardErrorKey(err: unknown): string {
  const { code, details } = err as ApiError;
  if ((details as { reason?: string } | undefined)?.reason === 'GROUP_DEACTIVATED')
    return 'boardGroups.groupDeactivated';
  return ['CONFLICT', 'FORBIDDEN', 'VALIDATION_ERROR'].includes(code) ? `users.errors.${code}` : 'api.commonError';
}
