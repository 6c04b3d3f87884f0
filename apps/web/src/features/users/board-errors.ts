import type { ApiError } from '../../api/http';

/** The translated message for a refusal of the user board: the reason the server names, else its code. */
export function boardErrorKey(err: unknown): string {
  const { code, details } = err as ApiError;
  const reason = (details as { reason?: string } | undefined)?.reason;
  if (reason === 'GROUP_DEACTIVATED') return 'boardGroups.groupDeactivated';
  if (reason === 'EMAIL_TAKEN') return 'adminMessages.emailTaken';
  if (reason === 'OWN_ACCOUNT') return 'adminMessages.ownAccount';
  if (reason === 'NOT_RESETTABLE') return 'adminMessages.notResettable';
  return ['CONFLICT', 'FORBIDDEN', 'VALIDATION_ERROR'].includes(code) ? `users.errors.${code}` : 'api.commonError';
}
