import type { CurrentUser } from '@forecourt/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../../auth/auth-context';
import { fetchCurrentUser, fetchUserModelTypes, fetchUserOptions, optionMap } from './access-api';

const STALE_MS = 5 * 60_000;

/** The one cache entry of a user's options: every screen that tests an option reads it from here. */
export const userOptionsQueryKey = (username: string | undefined) => ['users', username, 'options'] as const;

function useOptionsQuery(username: string | undefined) {
  return useQuery({
    queryKey: userOptionsQueryKey(username),
    queryFn: () => fetchUserOptions(username),
    enabled: Boolean(username),
    staleTime: STALE_MS,
  });
}

/** The signed-in user's options as a map; null while loading or when the call failed. */
export function useUserOptions(): { options: Record<string, unknown> | null; loading: boolean } {
  const { user } = useAuth();
  const username = user?.profile.preferred_username;
  const query = useOptionsQuery(username);
  return { options: query.data ? optionMap(query.data) : null, loading: Boolean(username) && query.isPending };
}

export interface UserAccess {
  user: CurrentUser;
  /** By name; test them with `hasOption` from `@forecourt/contracts/options`. */
  options: Record<string, unknown>;
  models: string[];
}

/**
 * The signed-in user with the options and models that decide what the screens offer (spec section 6).
 * A failed options call counts as no options (spec section 7); a failed user or models call is an error.
 */
export function useUserAccess(): { data: UserAccess | undefined; isPending: boolean; isError: boolean } {
  const { user: session } = useAuth();
  const me = useQuery({ queryKey: ['users', 'me'], queryFn: fetchCurrentUser, staleTime: STALE_MS });
  // The token's username is the user id; the options start with /me instead of after it.
  const options = useOptionsQuery(session?.profile.preferred_username ?? me.data?.id);
  const userId = me.data?.id;
  const models = useQuery({
    queryKey: ['users', userId, 'models'],
    queryFn: () => fetchUserModelTypes(userId!),
    enabled: Boolean(userId),
    staleTime: STALE_MS,
  });
  const isError = me.isError || models.isError;
  const data = useMemo(
    () => (me.data && models.data && options.isSuccess ? { user: me.data, options: optionMap(options.data ?? []), models: models.data } : undefined),
    [me.data, models.data, options.isSuccess, options.data],
  );
  return { data, isPending: !isError && !data, isError };
}
