import type { ServerMessage } from '@forecourt/contracts';
import type { App } from '../../../app-types';
import type { Adapters } from '../../../platform/adapters';
import { recordMeetingHeld } from '../../statistics/statistics.service';
import type { LiveTokens } from '../rooms/live-token';
import { recordRoomEntered } from '../rooms/room-end.service';
import type { MediaRelay } from '../sfu/sfu-relay';
import { createInProcessBus, type SignalBus } from './signal-bus';
import { LEAVE_GRACE_MS } from './signalling.service';

/**
 * The rooms' membership and message relay. On PostgreSQL, several API processes may serve one room (a load
 * balancer in front): rooms are shared through the database and messages relayed by NOTIFY. On SQLite, one
 * process: rooms in memory. `onExpired` is told of a member whose process died (its lease ran out).
 */
export async function createSignalBus(
  app: App,
  adapters: Pick<Adapters, 'db' | 'dialect' | 'config'>,
  onExpired: (room: string, id: string) => void,
): Promise<SignalBus> {
  if (adapters.dialect !== 'postgres' || !adapters.config.DATABASE_URL) return createInProcessBus();
  const { createPgSignalBus } = await import('./pg-signal-bus');
  const bus = await createPgSignalBus({
    db: adapters.db,
    databaseUrl: adapters.config.DATABASE_URL,
    graceMs: LEAVE_GRACE_MS,
    onError: (err) => app.log.warn({ err }, 'live signal bus'),
    onExpired,
  });
  app.addHook('onClose', () => bus.close());
  return bus;
}

/** The signalling socket, `GET /api/videos/live/signal` (signalling.routes.ts). */
export async function setUpSignalling(
  app: App,
  deps: {
    adapters: Adapters;
    tokens: LiveTokens;
    bus: SignalBus;
    media?: MediaRelay;
    greet?: (room: string) => Promise<ServerMessage[]>;
    /** A member left for good: the room ends once it stays empty (rooms/room-end.service.ts). */
    onLeft?: (room: string) => void;
    /** Whether the room has ended: a token taken before its end opens no socket (rooms/room-end.service.ts). */
    ended?: (room: string) => Promise<boolean>;
  },
): Promise<void> {
  const { adapters, ...rest } = deps;
  const { signallingRoutes } = await import('./signalling.routes');
  await signallingRoutes(app, {
    ...rest,
    clock: adapters.clock,
    capacity: adapters.config.LIVE_MAX_PARTICIPANTS,
    onMeeting: (room) => recordMeetingHeld(adapters, room),
    onEntered: (room) => recordRoomEntered(adapters, room),
  });
}
