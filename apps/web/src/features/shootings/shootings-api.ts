import {
  CurrentUser,
  ShootingListResponse,
  UserModelsResponse,
  UserOptionsResponse,
  type ShootingListItem,
  type ShootingType,
} from '@forecourt/contracts';
import { request } from '../../api/http';

export interface ShootingSearch {
  registration: string;
  /** yyyy-mm-dd or empty. */
  startDate: string;
  endDate: string;
  types: ShootingType[];
}

export async function fetchShootings(userId: string, search: ShootingSearch, offset: number, limit: number): Promise<ShootingListItem[]> {
  const res = await request('/api/shootings', {
    query: {
      userId,
      shootingTypes: search.types,
      limit,
      offset,
      startDate: search.startDate,
      endDate: search.endDate,
      registration: search.registration.trim(),
    },
    schema: ShootingListResponse,
  });
  return res.items;
}

export interface UserAccess {
  user: CurrentUser;
  options: Record<string, unknown>;
  models: string[];
}

/** The signed-in user with the options and models that decide what the screens offer (spec section 6). */
export async function fetchUserAccess(): Promise<UserAccess> {
  const user = await request('/api/users/me', { schema: CurrentUser });
  const [options, models] = await Promise.all([
    request(`/api/external/legacy/1.28/users/${encodeURIComponent(user.id)}/options`, { schema: UserOptionsResponse, timeoutMs: 30_000 }),
    request(`/api/users/${encodeURIComponent(user.id)}/models`, { query: { type: 'INSPECT_REPAIR_ORDER,INSPECT,PROCESS,VIDEO' }, schema: UserModelsResponse }),
  ]);
  return { user, options: Object.fromEntries(options.map((o) => [o.name, o.value])), models: models.map((m) => m.modelType) };
}

