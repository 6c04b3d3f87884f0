import { z } from 'zod';

/** After a successful e-mail or SMS of a VIDEO player link (spec section 7). */
export const PlayerSharedStatistic = z.object({
  source: z.literal('WEB'),
  sharingType: z.enum(['EMAIL', 'SMS']),
});
export type PlayerSharedStatistic = z.infer<typeof PlayerSharedStatistic>;
