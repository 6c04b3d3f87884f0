import type { UserOption } from '@forecourt/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/http';
import { getWebConfig } from '../api/web-config';
import { useAuth } from '../auth/auth-context';
import { usersKeys } from '../api/users-keys';

// The option test, for the screens that read the options through this module.
export { hasOption } from '@forecourt/contracts/options';

export const OPTIONS_TIMEOUT_MS = 30_000;
export const API_VERSION = '1.28';

/**
 * The options call of spec section 7: 30 s time-out, skipped when the host, the api-key or the username is
 * missing, and null on any failure.
 */
export async function fetchUserOptions(
  username: string | undefined,
  host = window.location.origin,
): Promise<UserOption[] | null> {
  try {
    const { apiKey } = await getWebConfig();
    if (!host || !apiKey || !username) return null;
    // The schema loads with the call: the drawer and the option guard that use it are in the first
    // screen's bundle, which must not carry zod.
    const { UserOptionsResponse } = await import('@forecourt/contracts/identity');
    return await request(`${host}/api/external/legacy/${API_VERSION}/users/${encodeURIComponent(username)}/options`, {
      schema: UserOptionsResponse,
      timeoutMs: OPTIONS_TIMEOUT_MS,
    });
  } catch {
    return null;
  }
}

/** The options by name, the shape `hasOption` (`@forecourt/contracts/options`) reads. */
export const optionMap = (options: readonly UserOption[]): Record<string, unknown> =>
  Object.fromEntries(options.map((o) => [o.name, o.value]));

/** The one cache entry of a user's options: every screen that tests an option reads it through this. */
export const userOptionsQuery = (username: string | undefined) => ({
  queryKey: usersKeys.options(username),
  queryFn: () => fetchUserOptions(username),
  staleTime: 5 * 60_000,
});

/** The signed-in user's options as a map; null while loading or when the call failed. */
export function useUserOptions(): { options: Record<string, unknown> | null; loading: boolean } {
  const { user } = useAuth();
  const username = user?.profile.preferred_username;
  const query = useQuery({ ...userOptionsQuery(username), enabled: Boolean(username) });
  return { options: query.data ? optionMap(query.data) : null, loading: Boolean(username) && query.isPending };
}
