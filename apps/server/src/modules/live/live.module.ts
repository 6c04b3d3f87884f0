import type { ServerModule } from '../module';
import { liveJobs } from './live.jobs';
import type { MediaRelay } from './sfu-relay';
import type { SignalBus } from './signal-bus';

/**
 * Live rooms: scheduling, room info, tokens, ratings, sharing statistics, the signalling socket, and the
 * recordings of SFU calls (their compose job runs in the worker role).
 */
export const liveModule: ServerModule = {
  name: 'live',
  jobs: (adapters) => Object.values(liveJobs(adapters)),
  routes: async (app, { adapters, auth, dependencies }) => {
    const [
      { getOrCreateSecret },
      { liveRoutes },
      { liveLimits },
      { createLiveTokens },
      { createInProcessBus },
      { signallingRoutes },
      { recordMeetingHeld },
      { LEAVE_GRACE_MS },
      { liveRecordingsRoutes },
      { isRecording, activeRecordingDir },
    ] = await Promise.all([
      import('../../platform/secrets'),
      import('./live.routes'),
      import('./live.service'),
      import('./live-token'),
      import('./signal-bus'),
      import('./signalling.routes'),
      import('../statistics/statistics.service'),
      import('./signalling.service'),
      import('./live-recordings.routes'),
      import('./live-recordings.service'),
    ]);
    const tokens = createLiveTokens(await getOrCreateSecret(adapters.db, 'live-tokens'));
    const live = {
      ...adapters,
      tokens,
      limits: liveLimits(adapters),
      visitorSecret: await getOrCreateSecret(adapters.db, 'live-visitors'),
    };
    await liveRoutes(app, { auth, live });
    // On PostgreSQL, several API processes may serve one room (a load balancer in front): rooms are shared
    // through the database and messages relayed by NOTIFY. On SQLite, one process: rooms in memory.
    let bus: SignalBus;
    // Made after the bus (its rooms ask the bus who is in them), told by it of members whose lease ran out.
    let media: MediaRelay | undefined;
    if (adapters.dialect === 'postgres' && adapters.config.DATABASE_URL) {
      const { createPgSignalBus } = await import('./pg-signal-bus');
      const pgBus = await createPgSignalBus({
        db: adapters.db,
        databaseUrl: adapters.config.DATABASE_URL,
        graceMs: LEAVE_GRACE_MS,
        onError: (err) => app.log.warn({ err }, 'live signal bus'),
        // A dead process's participant: its publications leave Janus, so nobody is shown a frozen camera.
        onExpired: (room, id) => void media?.evict(room, id).catch((err: unknown) => app.log.warn({ err }, 'live sfu')),
      });
      app.addHook('onClose', () => pgBus.close());
      bus = pgBus;
    } else {
      bus = createInProcessBus();
    }
    // LIVE_SFU=janus: the media go through Janus, which the server drives for the browsers.
    const shared = bus;
    const sfu =
      adapters.config.LIVE_SFU === 'janus'
        ? await (
            await import('./sfu-setup')
          ).setUpSfu(app, adapters, dependencies, {
            occupied: (room) => shared.occupied(room),
            recordingDir: (room) => activeRecordingDir(adapters, room),
          })
        : undefined;
    if (sfu) media = sfu.relay;
    await liveRecordingsRoutes(app, {
      auth,
      recordings: {
        ...adapters,
        recorder: sfu?.rooms ?? null,
        announce: (room, on) => bus.broadcast(room, { type: 'recording', on }),
      },
    });
    await signallingRoutes(app, {
      tokens,
      bus,
      clock: adapters.clock,
      onMeeting: (room) => recordMeetingHeld(adapters, room),
      media,
      // Only the SFU records: with peer-to-peer calls there is nothing to tell.
      greet: sfu ? async (room) => [{ type: 'recording', on: await isRecording(adapters, room) }] : undefined,
    });
  },
};
