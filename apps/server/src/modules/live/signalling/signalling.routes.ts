import websocket from '@fastify/websocket';
import { LIVE_CLOSE, type ServerMessage } from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../../app-types';
import type { Clock } from '../../../platform/clock';
import type { LiveTokens } from '../rooms/live-token';
import type { MediaRelay } from '../sfu/sfu-relay';
import type { SignalBus } from './signal-bus';
import { MAX_SIGNAL_BYTES, openSignalSession, RoomFullError } from './signalling.service';
import { droppable, MessageBudget, SEND_BUFFER } from './socket-budget';

/** The room had ended when its socket arrived. */
class RoomEndedError extends Error {
  constructor() {
    super('the room has ended');
  }
}

/**
 * Close codes of a participant who meant to go (hang-up, tab closed). Any other close is a drop it may come
 * back from, among them 1005, with which @fastify/websocket closes every socket when the server shuts down:
 * a restart shows nobody leaving, and the browsers rejoin the next server.
 */
const LEAVING_CODES = new Set([1000, 1001]);

/** How often the server pings each socket; one missed pong ends it, a drop: the participant leaves after the grace unless it rejoins. */
export const HEARTBEAT_MS = 2000;

/**
 * The signalling WebSocket: `GET /api/videos/live/signal?token=`. Only a valid, unexpired room token opens
 * it (else it closes with 4401 or 4403 before anything is relayed), and only while its room has not ended
 * (else 4410); the token fixes the room and identity. `lobby=1`: opened from the preview, a waiting member
 * until its `join` (signalling.service.ts). When the room ends, its members get `ended` and their sockets
 * close with 4410.
 */
export async function signallingRoutes(
  app: App,
  deps: {
    tokens: LiveTokens;
    bus: SignalBus;
    clock: Clock;
    onMeeting?: (room: string) => Promise<void>;
    onEntered?: (room: string) => Promise<void>;
    onLeft?: (room: string) => void;
    media?: MediaRelay;
    greet?: (room: string) => Promise<ServerMessage[]>;
    /** Members a room takes (LIVE_MAX_PARTICIPANTS). */
    capacity?: number;
    /** Whether the room has ended: a token taken before its end (it lives 120 s) opens no socket. */
    ended?: (room: string) => Promise<boolean>;
  },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_SIGNAL_BYTES } });
  app.get(
    '/api/videos/live/signal',
    {
      websocket: true,
      schema: { querystring: z.object({ token: z.string().max(2000).default(''), lobby: z.literal('1').optional() }) },
    },
    (socket, request) => {
      const check = deps.tokens.verify(request.query.token, deps.clock.now().getTime());
      if (!check.ok) {
        socket.close(check.reason === 'expired' ? LIVE_CLOSE.EXPIRED_TOKEN : LIVE_CLOSE.INVALID_TOKEN, check.reason);
        return;
      }
      // A socket that does not read: what the server holds for it stays bounded (socket-budget.ts).
      // `bufferedAmount` counts what ws and the TCP socket still hold, not what the kernel took.
      let ending = false;
      const send = (message: ServerMessage) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > SEND_BUFFER.soft && droppable(message)) return;
        socket.send(JSON.stringify(message));
        if (message.type === 'ended') {
          // The room ended: this member leaves now (no rejoin grace), and its page shows the meeting closed.
          ending = true;
          socket.close(LIVE_CLOSE.ROOM_ENDED, 'room ended');
          return;
        }
        if (socket.bufferedAmount > SEND_BUFFER.hard) {
          request.log.warn(
            { room: check.claims.room, buffered: socket.bufferedAmount },
            'live: a socket that does not read, cut',
          );
          // No closing handshake: it would wait behind what the socket does not read. A drop: it may rejoin.
          socket.terminate();
        }
      };
      // Messages that arrive while joining wait for it, in order.
      const { room } = check.claims;
      const ended = deps.ended ?? (async () => false);
      // Checked before joining (a token taken before the end); once more after, for an end committed meanwhile,
      // whose `ended` this member, not yet on the bus, could not get.
      const session = ended(room).then(async (over) => {
        if (over) throw new RoomEndedError();
        const opened = await openSignalSession(deps.bus, check.claims, send, {
          onMeeting: deps.onMeeting,
          onEntered: deps.onEntered,
          onLeft: deps.onLeft,
          media: deps.media,
          greet: deps.greet,
          waiting: request.query.lobby === '1',
          onReplaced: () => socket.close(LIVE_CLOSE.REPLACED, 'replaced'),
          onError: (err) => request.log.warn({ err }, 'live session'),
          capacity: deps.capacity,
        });
        if (await ended(room)) send({ type: 'ended' });
        return opened;
      });
      session.catch((err: unknown) => {
        if (err instanceof RoomFullError) socket.close(LIVE_CLOSE.ROOM_FULL, 'room full');
        else if (err instanceof RoomEndedError) socket.close(LIVE_CLOSE.ROOM_ENDED, 'room ended');
        else request.log.warn({ err }, 'live session');
      });
      let queue: Promise<unknown> = session;
      // Judged as they arrive, before any work or queueing: a flood costs a count each, and is cut.
      const budget = new MessageBudget(() => performance.now());
      socket.on('message', (data: Buffer) => {
        const verdict = budget.admit(data.length);
        if (verdict === 'flooded') {
          request.log.warn({ room: check.claims.room }, 'live: a socket flooding past its budget, closed');
          socket.removeAllListeners('message');
          return socket.close(LIVE_CLOSE.FLOODED, 'too many messages');
        }
        if (verdict === 'refused') {
          if (budget.firstRefusal) send({ type: 'error', code: 'RATE_LIMITED' });
          return;
        }
        queue = queue
          .then(async () => (await session).receive(data.toString()))
          .catch((err: unknown) => request.log.warn({ err }, 'live signal'))
          .finally(() => budget.done());
      });
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('close', (code: number) => {
        clearInterval(heartbeat);
        const how = ending || LEAVING_CODES.has(code) ? 'left' : 'dropped';
        queue = queue
          .then(async () => (await session).close(how))
          .catch((err: unknown) => request.log.warn({ err }, 'live leave'));
      });
    },
  );
}
