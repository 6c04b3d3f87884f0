import { z } from 'zod';

/**
 * `degraded`: the portal serves, but a service it depends on does not answer (named `down` in `dependencies`,
 * e.g. Janus for the live rooms' SFU).
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.record(z.string(), z.enum(['up', 'down'])).optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
