import type { App } from '../../../app-types';
import type { Adapters } from '../../../platform/adapters';
import { getOrCreateSecret } from '../../../platform/secrets';
import type { Auth } from '../../identity/auth';
import { liveLimits } from './live.service';
import { createLiveTokens, type LiveTokens } from './live-token';

/**
 * The rooms' HTTP side (scheduling, room info, tokens, ratings, sharing statistics). Returns the room tokens,
 * which the signalling socket checks.
 */
export async function setUpRooms(
  app: App,
  {
    adapters,
    auth,
    headcount,
    onEnded,
  }: {
    adapters: Adapters;
    auth: Auth;
    headcount: (room: string, except?: string) => Promise<number>;
    onEnded?: (room: string) => Promise<void>;
  },
): Promise<LiveTokens> {
  const tokens = createLiveTokens(await getOrCreateSecret(adapters.db, 'live-tokens'));
  const live = {
    ...adapters,
    tokens,
    limits: liveLimits(adapters),
    visitorSecret: await getOrCreateSecret(adapters.db, 'live-visitors'),
    headcount,
    onEnded,
  };
  // Route files are loaded only here, so a worker process never holds them (layering.test.ts).
  const { liveRoutes } = await import('./live.routes');
  await liveRoutes(app, { auth, live });
  return tokens;
}
