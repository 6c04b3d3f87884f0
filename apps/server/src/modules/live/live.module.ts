import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import { getOrCreateSecret } from '../../platform/secrets';
import type { Auth } from '../identity/auth';
import { liveRoutes } from './live.routes';
import { createLiveService } from './live.service';
import { createLiveTokens } from './live-token';
import { createInProcessBus, type SignalBus } from './signal-bus';
import { signallingRoutes } from './signalling.routes';

/** Live rooms: scheduling, room info, tokens, ratings, sharing statistics and the signalling socket. */
export const liveModule = {
  name: 'live',
  routes: async (app: App, ctx: { adapters: Adapters; auth: Auth; bus?: SignalBus }): Promise<void> => {
    const { adapters, auth } = ctx;
    const tokens = createLiveTokens(await getOrCreateSecret(adapters.db, 'live-tokens'));
    const live = createLiveService({ ...adapters, tokens, visitorSecret: await getOrCreateSecret(adapters.db, 'live-visitors') });
    await liveRoutes(app, { auth, live });
    await signallingRoutes(app, { tokens, bus: ctx.bus ?? createInProcessBus(), clock: adapters.clock });
  },
};
