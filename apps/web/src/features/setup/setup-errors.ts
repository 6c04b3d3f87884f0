import { ApiError } from '../../api/http';

/** The translation key of a failed setup call: a wrong code, too many attempts, a refused field, or the common error. */
export function setupErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'api.commonError';
  const field = (err.details as { field?: string } | undefined)?.field;
  if (err.status === 403) return 'setup.wrongCode';
  if (err.status === 429) return 'setup.tooManyAttempts';
  if (err.status === 404) return 'setup.alreadyDone';
  if (err.status === 409) return 'setup.emailTaken';
  if (err.status === 400 && field === 'password') return 'setup.passwordRefused';
  if (err.status === 400) return 'setup.invalidForm';
  return 'api.commonError';
}
