import { z } from 'zod';

/** What the portal needs to know at run time before anyone signs in. */
export const WebConfig = z.object({
  version: z.string(),
  apiKey: z.string(),
  identityApiKey: z.string(),
  oidcClientId: z.string(),
  apiAudience: z.string(),
});
export type WebConfig = z.infer<typeof WebConfig>;
