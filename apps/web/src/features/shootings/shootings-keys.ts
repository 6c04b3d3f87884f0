import type { ShootingSearch } from './shootings-api';

/** Query keys of the shootings list; `all` is what a change to any shooting invalidates. */
export const shootingsKeys = {
  all: ['shootings'] as const,
  list: (userId: string | undefined, search: ShootingSearch) => [...shootingsKeys.all, userId, search] as const,
};
