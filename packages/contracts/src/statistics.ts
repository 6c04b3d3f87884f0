import { z } from 'zod';
import { PlayerRef } from './players';

/** After a successful e-mail or SMS of a VIDEO player link (spec section 7). */
export const PlayerSharedStatistic = z.object({
  source: z.literal('WEB'),
  sharingType: z.enum(['EMAIL', 'SMS']),
});
export type PlayerSharedStatistic = z.infer<typeof PlayerSharedStatistic>;

/** POST /api/users/{id}/statistics/players/{ref}/shared. */
export const PlayerSharedParams = z.object({ id: z.string().min(1).max(100), ref: PlayerRef });
