import { ShootingListResponse, type ShootingListItem, type ShootingType } from '@forecourt/contracts';
import { request } from '../../api/http';

export interface ShootingSearch {
  registration: string;
  /** yyyy-mm-dd or empty. */
  startDate: string;
  endDate: string;
  types: ShootingType[];
}

export async function fetchShootings(
  userId: string,
  search: ShootingSearch,
  offset: number,
  limit: number,
): Promise<ShootingListItem[]> {
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
