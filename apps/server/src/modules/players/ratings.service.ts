import type { Adapters } from '../../platform/adapters';
import { countRatingsSince, insertRatingOnce, type RatingKind } from './ratings.repo';

export type { RatingKind } from './ratings.repo';

// The visitors' ratings, of public players and of live rooms (`live/rooms/live.service.ts`): one table, one
// convention. A rating's id says what may be rated once (a visitor, player and day; a visitor and room).

/** Records the rating unless one with its id exists; false when it did. */
export const rateOnce = (
  deps: Pick<Adapters, 'db'>,
  kind: RatingKind,
  rating: { id: string; target: string; visitor: string; score: number; comment: string | null; now: string },
): Promise<boolean> => insertRatingOnce(deps.db, kind, rating);

/** How many ratings of this kind the visitor left since `since`: their hourly allowance. */
export const ratingsSince = (
  deps: Pick<Adapters, 'db'>,
  kind: RatingKind,
  visitor: string,
  since: string,
): Promise<number> => countRatingsSince(deps.db, kind, visitor, since);
