import { randomUUID } from 'node:crypto';
import { ClientMessage, type Participant, type ServerMessage } from '@forecourt/contracts';
import type { LiveTokenClaims } from '../rooms/live-token';
import type { MediaRelay } from '../sfu/sfu-relay';
import type { SignalBus } from './signal-bus';

/** Largest message a browser may send: an SDP offer with a few tracks is a few kilobytes. */
export const MAX_SIGNAL_BYTES = 64 * 1024;

/**
 * How long a participant whose socket dropped (no closing handshake: network cut, proxy, server-side
 * heartbeat) stays in the room for the others, so a quick rejoin shows them no leave and join. A
 * participant who hangs up or closes the tab (a clean close) leaves at once.
 */
export const LEAVE_GRACE_MS = 3000;

export interface SignalSession {
  receive(raw: string): Promise<void>;
  /** `left`: the participant hung up or closed the tab. `dropped`: the socket was lost; it may rejoin within the grace. */
  close(how: 'left' | 'dropped'): Promise<void>;
}

export interface SessionOptions {
  onMeeting?: (room: string) => Promise<void>;
  /** A participant came into the room (not a rejoin, not the lobby): the room's start and count. */
  onEntered?: (room: string) => Promise<void>;
  /** A member left the room for good: the room may have become empty (it ends after a grace). */
  onLeft?: (room: string) => void;
  /** A later socket of the same participant took this one's place. */
  onReplaced?: () => void;
  graceMs?: number;
  /** Where a failed leave at the end of the grace, or a failed meeting record, is reported. */
  onError?: (err: unknown) => void;
  /** The SFU's side of the call (LIVE_SFU=janus); without it the browsers connect to each other. */
  media?: MediaRelay;
  /** The room's state a joining participant is told after its welcome (whether the call is recorded). */
  greet?: (room: string) => Promise<ServerMessage[]>;
  /** Opened from the preview: a waiting member of the lobby until it sends `join`. */
  waiting?: boolean;
  /** Members the room takes (LIVE_MAX_PARTICIPANTS); a newcomer past it is refused with RoomFullError. */
  capacity?: number;
}

/** The room has its most members: the socket is told ROOM_FULL and closed (LIVE_CLOSE.ROOM_FULL). */
export class RoomFullError extends Error {
  constructor() {
    super('The room is full');
  }
}

/**
 * One participant's signalling: joins the token's room on the bus, relays its offers, answers and ICE
 * candidates to members of that room only, shares its media state and, for the host, the spin. Joining a
 * room where someone already is makes a meeting: `onMeeting` records it for the statistics. A participant
 * still in the room (its socket dropped less than the grace ago) rejoins: the welcome says `resumed`,
 * what it missed follows, and the others are told nothing.
 *
 * The lobby: a session opened `waiting` (from the preview) is told who is in the call and kept up to date,
 * and the participants are told `waiting` so that it and they negotiate their connections ahead; it is
 * listed to nobody, sends no media state or spin, and signals to participants only. Its `join` (the click)
 * makes it a participant, announced exactly as one who joins straight away; its media flow from then on
 * (the browsers attach their tracks on `joined`/`entered`). A waiting member that goes away leaves with
 * a `left` to the participants only, which show nothing for it.
 */
export async function openSignalSession(
  bus: SignalBus,
  claims: LiveTokenClaims,
  send: (message: ServerMessage) => void,
  options: SessionOptions = {},
): Promise<SignalSession> {
  const { onMeeting = async () => undefined, graceMs = LEAVE_GRACE_MS } = options;
  const self = { id: claims.participant, identity: claims.identity, host: claims.host };
  const { room } = claims;
  const session = randomUUID();
  // Nothing reaches the socket before its welcome.
  let early: ServerMessage[] | null = [];
  let current = true;
  const { media } = options;
  const attachment = {
    session,
    deliver: (message: ServerMessage) => (early ? early.push(message) : send(message)),
    replaced: (elsewhere: boolean) => {
      current = false;
      // Taken over through another API process (or removed for good): its Janus handles here are let go,
      // not left publishing a camera nobody sends to any more.
      if (elsewhere) void media?.close(room, self.id).catch((err: unknown) => options.onError?.(err));
      options.onReplaced?.();
    },
  };
  // A member coming back (a dropped socket) is no newcomer. Two newcomers on two processes at once may both
  // pass: the cap holds to within the sockets arriving in the same moment.
  if (options.capacity !== undefined && (await bus.headcount(room, self.id)) >= options.capacity) {
    send({ type: 'error', code: 'ROOM_FULL' });
    throw new RoomFullError();
  }
  const joinResult = await bus.join(room, self, attachment, options.waiting ?? false);
  const { members, spin, resumed, missed, wasWaiting } = joinResult;
  let { waiting } = joinResult;
  // Back through a process that holds none of its SFU media (another one held them, or died): the others
  // saw no leave, but the browser publishes again, as after a server that forgot it.
  const mediaKept = !media || media.holds(room, self.id);
  send({ type: 'welcome', self, participants: members, spin, resumed: resumed && mediaKept, waiting });
  for (const message of [...missed, ...early]) send(message);
  early = null;
  const greeting = options.greet
    ? await options.greet(room).catch((err: unknown): ServerMessage[] => {
        options.onError?.(err);
        return [];
      })
    : [];
  for (const message of greeting) send(message);

  const openMedia = async (sfu: MediaRelay, reopen: boolean, inLobby: boolean) => {
    // Janus not answering leaves the call without media but still signalled: the browser is told.
    await sfu
      .open(room, self, (data) => send({ type: 'sfu', data }), reopen, { waiting: inLobby })
      .catch((err: unknown) => {
        options.onError?.(err);
        send({ type: 'error', code: 'SFU_UNAVAILABLE' });
      });
  };
  /**
   * In the call from now on: its SFU media, the lobby's members to negotiate with, and, unless the others
   * already know it as a participant (`announced`), its arrival for everyone and the meeting's statistics.
   */
  const enter = async (lobby: Participant[], announced: boolean, reopen: boolean, othersIn: boolean) => {
    if (media) {
      await openMedia(media, reopen, false);
      // Its SFU connections made in the lobby: their media flow from now on.
      await media.admit(room, self.id).catch((err: unknown) => options.onError?.(err));
    }
    for (const participant of lobby) send({ type: 'waiting', participant });
    if (announced) return;
    await bus.broadcast(room, { type: 'joined', participant: self }, self.id);
    // Recorded aside: the statistics' write is not on the way of the call (its first offer waits for this session).
    if (othersIn) void onMeeting(room).catch((err: unknown) => options.onError?.(err));
    if (options.onEntered) void options.onEntered(room).catch((err: unknown) => options.onError?.(err));
  };
  if (waiting) {
    // New in the lobby: the participants accept its connections from now on.
    if (!resumed) await bus.broadcast(room, { type: 'waiting', participant: self }, self.id, 'participants');
    // With the SFU, its connections are made now and held back until its join (sfu-participant.ts).
    if (media) await openMedia(media, resumed && !mediaKept, true);
  } else {
    // A member that joined while its socket was away (it was waiting) is announced now.
    await enter(joinResult.lobby, resumed && !wasWaiting, resumed && !mediaKept, members.length > 0);
  }
  let closed = false;
  const leave = async () => {
    if (!(await bus.leave(room, self.id, session))) return;
    options.onLeft?.(room);
    await bus.broadcast(room, { type: 'left', id: self.id }, undefined, waiting ? 'participants' : 'all');
    await media?.close(room, self.id);
  };

  return {
    async receive(raw) {
      if (!current) return;
      let parsed: ReturnType<typeof ClientMessage.safeParse>;
      try {
        parsed =
          raw.length > MAX_SIGNAL_BYTES ? ClientMessage.safeParse(null) : ClientMessage.safeParse(JSON.parse(raw));
      } catch {
        parsed = ClientMessage.safeParse(null);
      }
      if (!parsed.success) return send({ type: 'error', code: 'INVALID_MESSAGE' });
      const message = parsed.data;
      switch (message.type) {
        case 'join': {
          // Once: a participant's join (resent after a rejoin) changes nothing.
          if (!waiting) return;
          const admitted = await bus.admit(room, self.id, session);
          if (!admitted) return;
          waiting = false;
          send({ type: 'entered' });
          return enter(admitted.lobby, false, false, admitted.participants > 0);
        }
        case 'signal':
          // A waiting member negotiates with the participants only (the lobby's members do not see each other).
          if (
            message.to === self.id ||
            !(await bus.sendTo(
              room,
              message.to,
              { type: 'signal', from: self.id, data: message.data },
              waiting ? 'participants' : 'all',
            ))
          ) {
            send({ type: 'error', code: 'NOT_IN_ROOM' });
          }
          return;
        case 'media':
          if (waiting) return send({ type: 'error', code: 'NOT_JOINED' });
          await bus.setMedia(room, self.id, message.state);
          return bus.broadcast(room, { type: 'media', from: self.id, state: message.state }, self.id);
        case 'sfu':
          if (!media) return send({ type: 'error', code: 'INVALID_MESSAGE' });
          // A waiting member negotiates its SFU connections too: Janus sends it nothing until its join.
          return media.receive(room, self.id, message.data);
        case 'spin':
          if (waiting) return send({ type: 'error', code: 'NOT_JOINED' });
          if (!self.host) return send({ type: 'error', code: 'FORBIDDEN' });
          await bus.setSpin(room, message.spin);
          return bus.broadcast(room, { type: 'spin', spin: message.spin }, self.id);
      }
    },
    async close(how) {
      if (closed) return;
      closed = true;
      if (how === 'left') return leave();
      if (!(await bus.detach(room, self.id, session))) return;
      media?.detach(room, self.id);
      // Leaves for good unless a rejoin took this session's place meanwhile (leave() then does nothing).
      setTimeout(() => void leave().catch((err: unknown) => options.onError?.(err)), graceMs).unref();
    },
  };
}
