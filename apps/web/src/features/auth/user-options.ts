import type { UserOption } from '@forecourt/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/http';
import { getWebConfig } from '../../api/web-config';
import { useAuth } from '../../auth/auth-context';

export const OPTIONS_TIMEOUT_MS = 30_000;
export const API_VERSION = '1.28';

/**
 * The options call of spec section 7: 30 s time-out, skipped when the host, the api-key or the username is
 * missing, and null on any failure.
 */
export async function fetchUserOptions(username: string | undefined, host = window.location.origin): Promise<UserOption[] | null> {
  try {
    const { apiKey } = await getWebConfig();
    if (!host || !apiKey || !username) return null;
    // The schema loads with the call: the guards that use it are in the first screen's bundle.
    const { UserOptionsResponse } = await import('@forecourt/contracts/identity');
    return await request(`${host}/api/external/legacy/${API_VERSION}/users/${encodeURIComponent(username)}/options`, {
      schema: UserOptionsResponse,
      timeoutMs: OPTIONS_TIMEOUT_MS,
    });
  } catch {
    return null;
  }
}

/** The signed-in user's options as a map; null while loading or when the call failed. */
export function useUserOptions(): { options: Record<string, unknown> | null; loading: boolean } {
  const { user } = useAuth();
  const username = user?.profile.preferred_username;
  const query = useQuery({
    queryKey: ['user-options', username],
    queryFn: () => fetchUserOptions(username),
    enabled: Boolean(username),
    staleTime: 5 * 60_000,
  });
  const options = query.data ? Object.fromEntries(query.data.map((o) => [o.name, o.value])) : null;
  return { options, loading: Boolean(username) && query.isPending };
}

/** The specific-access test of spec section 6: a true switch or a non-empty list. */
export function hasAccess(options: Record<string, unknown> | null, name: string): boolean {
  const v = options?.[name];
  return Array.isArray(v) ? v.length > 0 : v === true;
}
