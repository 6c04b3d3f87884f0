import type { ServerModule } from '../module';
import type { SignalBus } from './signal-bus';

/** Live rooms: scheduling, room info, tokens, ratings, sharing statistics and the signalling socket. */
export const liveModule: ServerModule = {
  name: 'live',
  routes: async (app, { adapters, auth }) => {
    const [{ getOrCreateSecret }, { liveRoutes }, { liveLimits }, { createLiveTokens }, { createInProcessBus }, { signallingRoutes }, { recordMeetingHeld }, { LEAVE_GRACE_MS }] = await Promise.all([
      import('../../platform/secrets'),
      import('./live.routes'),
      import('./live.service'),
      import('./live-token'),
      import('./signal-bus'),
      import('./signalling.routes'),
      import('../statistics/statistics.service'),
      import('./signalling.service'),
    ]);
    const tokens = createLiveTokens(await getOrCreateSecret(adapters.db, 'live-tokens'));
    const live = { ...adapters, tokens, limits: liveLimits(adapters), visitorSecret: await getOrCreateSecret(adapters.db, 'live-visitors') };
    await liveRoutes(app, { auth, live });
    // On PostgreSQL, several API processes may serve one room (a load balancer in front): rooms are shared
    // through the database and messages relayed by NOTIFY. On SQLite, one process: rooms in memory.
    let bus: SignalBus;
    if (adapters.dialect === 'postgres' && adapters.config.DATABASE_URL) {
      const { createPgSignalBus } = await import('./pg-signal-bus');
      const pgBus = await createPgSignalBus({
        db: adapters.db,
        databaseUrl: adapters.config.DATABASE_URL,
        graceMs: LEAVE_GRACE_MS,
        onError: (err) => app.log.warn({ err }, 'live signal bus'),
      });
      app.addHook('onClose', () => pgBus.close());
      bus = pgBus;
    } else {
      bus = createInProcessBus();
    }
    await signallingRoutes(app, { tokens, bus, clock: adapters.clock, onMeeting: (room) => recordMeetingHeld(adapters, room) });
  },
};
