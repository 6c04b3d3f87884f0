import type { ServerModule } from '../module';

/** Live rooms: scheduling, room info, tokens, ratings, sharing statistics and the signalling socket. */
export const liveModule: ServerModule = {
  name: 'live',
  routes: async (app, { adapters, auth, dependencies }) => {
    const [{ getOrCreateSecret }, { liveRoutes }, { liveLimits }, { createLiveTokens }, { createInProcessBus }, { signallingRoutes }, { recordMeetingHeld }] = await Promise.all([
      import('../../platform/secrets'),
      import('./live.routes'),
      import('./live.service'),
      import('./live-token'),
      import('./signal-bus'),
      import('./signalling.routes'),
      import('../statistics/statistics.service'),
    ]);
    const tokens = createLiveTokens(await getOrCreateSecret(adapters.db, 'live-tokens'));
    const live = { ...adapters, tokens, limits: liveLimits(adapters), visitorSecret: await getOrCreateSecret(adapters.db, 'live-visitors') };
    await liveRoutes(app, { auth, live });
    const media = adapters.config.LIVE_SFU === 'janus' ? await (await import('./sfu-setup')).setUpSfu(app, adapters, dependencies) : undefined;
    // The embedded bus: one API process. Several processes need the PostgreSQL one (next issue).
    await signallingRoutes(app, { tokens, bus: createInProcessBus(), clock: adapters.clock, onMeeting: (room) => recordMeetingHeld(adapters, room), media });
  },
};
