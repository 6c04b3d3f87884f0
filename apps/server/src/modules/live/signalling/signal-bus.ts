import type { MediaState, Participant, ServerMessage, SpinState } from '@forecourt/contracts';

export interface RoomMember extends Participant {
  media: MediaState | null;
}

/** Who a broadcast reaches: every member, or the participants only (not the waiting members of the lobby). */
export type Audience = 'all' | 'participants';

/** One socket of a member: `session` tells it from an earlier or later socket of the same participant. */
export interface Attachment {
  session: string;
  deliver: (message: ServerMessage) => void;
  /**
   * A later socket of the same participant took its place. `elsewhere`: this process no longer holds the
   * participant at all (it came back through another API process, or its lease ran out here): what this
   * process keeps for it (its SFU media) is let go.
   */
  replaced?: (elsewhere: boolean) => void;
}

export interface JoinResult {
  /** The other participants (never the waiting members). */
  members: RoomMember[];
  /** The other members waiting in the lobby (told only to a participant). */
  lobby: Participant[];
  /** Whether the member waits in the lobby now: asked for, and kept only by one who was not yet a participant. */
  waiting: boolean;
  /** It was there already as a waiting member (a rejoin of the lobby, or one that joined while its socket was away). */
  wasWaiting: boolean;
  spin: SpinState;
  /** The participant was still a member (its socket had dropped): nobody was told it left. */
  resumed: boolean;
  /** What was sent to it while its socket was away, oldest first: the caller delivers it after the welcome. */
  missed: ServerMessage[];
}

/**
 * Carries signalling between the participants of a room. The embedded driver keeps rooms in this process;
 * a driver over PostgreSQL LISTEN/NOTIFY (several API processes) implements the same interface.
 */
export interface SignalBus {
  /**
   * Adds a member, or gives a member already there (a rejoin after a dropped socket) its new socket;
   * `attachment.deliver` then receives every message addressed to it. `waiting`: as a member of the lobby
   * (a participant that rejoins stays one).
   */
  join(room: string, member: Participant, attachment: Attachment, waiting?: boolean): Promise<JoinResult>;
  /**
   * Makes a waiting member a participant, if `session` is still its socket; answers the others still
   * waiting and how many other participants there are, or null when it was no waiting member of that
   * socket (already in, or gone).
   */
  admit(room: string, id: string, session: string): Promise<Admission | null>;
  /** Keeps the member while its socket is away: messages to it wait for its rejoin. False if `session` is no longer its socket. */
  detach(room: string, id: string, session: string): Promise<boolean>;
  /** Removes the member if `session` is still its socket (or its last one, detached); true when it did. */
  leave(room: string, id: string, session: string): Promise<boolean>;
  /** Sends to one member of the room (`participants`: only if it is no waiting member); false when there is none such. */
  sendTo(room: string, to: string, message: ServerMessage, audience?: Audience): Promise<boolean>;
  /** Sends to every member of the room (`participants`: but the waiting ones) but `except`. */
  broadcast(room: string, message: ServerMessage, except?: string, audience?: Audience): Promise<void>;
  setMedia(room: string, id: string, media: MediaState): Promise<void>;
  setSpin(room: string, spin: SpinState): Promise<void>;
  /** Whether any member is in the room, on any process (the SFU keeps a room's Janus room while there is). */
  occupied(room: string): Promise<boolean>;
  /** Members of the room on any process, waiting ones included, but `except` (one coming back is no newcomer). */
  headcount(room: string, except?: string): Promise<number>;
  /** Members in all rooms (the benchmark and tests read it). */
  size(): number;
}

export interface Admission {
  lobby: Participant[];
  participants: number;
}

/** Messages kept for a member whose socket is away; past this, the oldest go (its rejoin renegotiates what it misses). */
export const MAX_MISSED_MESSAGES = 500;

interface LocalMember {
  member: RoomMember;
  waiting: boolean;
  attachment: Attachment;
  /** Present while the socket is away. */
  missed: ServerMessage[] | null;
}

interface LocalRoom {
  members: Map<string, LocalMember>;
  spin: SpinState;
}

/** The embedded driver: rooms in a Map, for a single API process. */
export function createInProcessBus(): SignalBus {
  const rooms = new Map<string, LocalRoom>();
  const roomOf = (name: string) => {
    let room = rooms.get(name);
    if (!room) rooms.set(name, (room = { members: new Map(), spin: null }));
    return room;
  };
  const deliver = (m: LocalMember, message: ServerMessage) => {
    if (!m.missed) return m.attachment.deliver(message);
    m.missed.push(message);
    if (m.missed.length > MAX_MISSED_MESSAGES) m.missed.shift();
  };
  return {
    async join(room, member, attachment, waiting = false) {
      const r = roomOf(room);
      const others = [...r.members.values()].filter((m) => m.member.id !== member.id);
      const members = others.filter((m) => !m.waiting).map((m) => m.member);
      const lobby = others
        .filter((m) => m.waiting)
        .map(({ member: { id, identity, host } }) => ({ id, identity, host }));
      const existing = r.members.get(member.id);
      if (existing) {
        const previous = existing.attachment;
        const missed = existing.missed ?? [];
        const wasWaiting = existing.waiting;
        existing.attachment = attachment;
        existing.missed = null;
        existing.waiting = wasWaiting && waiting;
        if (previous.session !== attachment.session) previous.replaced?.(false);
        return { members, lobby, spin: r.spin, resumed: true, missed, waiting: existing.waiting, wasWaiting };
      }
      r.members.set(member.id, { member: { ...member, media: null }, waiting, attachment, missed: null });
      return { members, lobby, spin: r.spin, resumed: false, missed: [], waiting, wasWaiting: false };
    },
    async admit(room, id, session) {
      const r = rooms.get(room);
      const m = r?.members.get(id);
      if (!r || !m || !m.waiting || m.attachment.session !== session) return null;
      m.waiting = false;
      const others = [...r.members.values()].filter((o) => o !== m);
      return {
        lobby: others.filter((o) => o.waiting).map(({ member: { id, identity, host } }) => ({ id, identity, host })),
        participants: others.filter((o) => !o.waiting).length,
      };
    },
    async detach(room, id, session) {
      const m = rooms.get(room)?.members.get(id);
      if (!m || m.attachment.session !== session) return false;
      m.missed ??= [];
      return true;
    },
    async leave(room, id, session) {
      const r = rooms.get(room);
      const m = r?.members.get(id);
      if (!r || !m || m.attachment.session !== session) return false;
      r.members.delete(id);
      if (r.members.size === 0) rooms.delete(room);
      return true;
    },
    async sendTo(room, to, message, audience = 'all') {
      const target = rooms.get(room)?.members.get(to);
      if (!target || (audience === 'participants' && target.waiting)) return false;
      deliver(target, message);
      return true;
    },
    async broadcast(room, message, except, audience = 'all') {
      for (const [id, m] of rooms.get(room)?.members ?? [])
        if (id !== except && (audience === 'all' || !m.waiting)) deliver(m, message);
    },
    async setMedia(room, id, media) {
      const m = rooms.get(room)?.members.get(id);
      if (m) m.member = { ...m.member, media };
    },
    async setSpin(room, spin) {
      roomOf(room).spin = spin;
    },
    occupied: async (room) => (rooms.get(room)?.members.size ?? 0) > 0,
    headcount: async (room, except) =>
      [...(rooms.get(room)?.members.keys() ?? [])].filter((id) => id !== except).length,
    size: () => [...rooms.values()].reduce((n, r) => n + r.members.size, 0),
  };
}
