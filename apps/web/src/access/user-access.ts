import { CurrentUser, UserModelsResponse } from '@forecourt/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../api/http';
import { usersKeys } from '../api/users-keys';

export interface UserAccess {
  user: CurrentUser;
  /** By name. */
  options: Record<string, unknown>;
  /** The option test (`hasOption`) on these options. */
  has: (option: string) => boolean;
  models: string[];
}

/**
 * The signed-in user with the options and models that decide what the screens offer (spec section 6).
 * The options come from their one cache entry (a failed call counts as none, spec section 7).
 */
export async function fetchUserAccess(client: QueryClient): Promise<UserAccess> {
  // The options call's code loads beside /me rather than with the page: the list's first load stays as it was.
  const [user, { hasOption, optionMap, userOptionsQuery }] = await Promise.all([
    request('/api/users/me', { schema: CurrentUser }),
    import('./user-options'),
  ]);
  const [options, models] = await Promise.all([
    client.fetchQuery(userOptionsQuery(user.id)),
    request(`/api/users/${encodeURIComponent(user.id)}/models`, {
      query: { type: 'INSPECT_REPAIR_ORDER,INSPECT,PROCESS,VIDEO' },
      schema: UserModelsResponse,
    }),
  ]);
  const map = optionMap(options ?? []);
  return { user, options: map, has: (option) => hasOption(map, option), models: models.map((m) => m.modelType) };
}

export function useUserAccess() {
  const client = useQueryClient();
  return useQuery({
    queryKey: usersKeys.access(),
    queryFn: () => fetchUserAccess(client),
    staleTime: 5 * 60_000,
  });
}
