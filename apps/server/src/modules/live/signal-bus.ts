import type { MediaState, Participant, ServerMessage, SpinState } from '@forecourt/contracts';

export interface RoomMember extends Participant {
  media: MediaState | null;
}

/**
 * Carries signalling between the participants of a room. The embedded driver keeps rooms in this process;
 * a driver over PostgreSQL LISTEN/NOTIFY (several API processes) implements the same interface.
 */
export interface SignalBus {
  /** Adds a member; `deliver` receives every message addressed to it. Answers who was already there. */
  join(room: string, member: Participant, deliver: (message: ServerMessage) => void): Promise<{ members: RoomMember[]; spin: SpinState }>;
  /** Sends to one member of the room; false when no such member is in this room. */
  sendTo(room: string, to: string, message: ServerMessage): Promise<boolean>;
  /** Sends to every member of the room but `except`. */
  broadcast(room: string, message: ServerMessage, except?: string): Promise<void>;
  setMedia(room: string, id: string, media: MediaState): Promise<void>;
  setSpin(room: string, spin: SpinState): Promise<void>;
  leave(room: string, id: string): Promise<void>;
  /** Members in all rooms (the benchmark and tests read it). */
  size(): number;
}

interface LocalRoom {
  members: Map<string, { member: RoomMember; deliver: (message: ServerMessage) => void }>;
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
  return {
    async join(room, member, deliver) {
      const r = roomOf(room);
      const members = [...r.members.values()].map((m) => m.member);
      r.members.set(member.id, { member: { ...member, media: null }, deliver });
      return { members, spin: r.spin };
    },
    async sendTo(room, to, message) {
      const target = rooms.get(room)?.members.get(to);
      if (!target) return false;
      target.deliver(message);
      return true;
    },
    async broadcast(room, message, except) {
      for (const [id, m] of rooms.get(room)?.members ?? []) if (id !== except) m.deliver(message);
    },
    async setMedia(room, id, media) {
      const m = rooms.get(room)?.members.get(id);
      if (m) m.member = { ...m.member, media };
    },
    async setSpin(room, spin) {
      roomOf(room).spin = spin;
    },
    async leave(room, id) {
      const r = rooms.get(room);
      if (!r) return;
      r.members.delete(id);
      if (r.members.size === 0) rooms.delete(room);
    },
    size: () => [...rooms.values()].reduce((n, r) => n + r.members.size, 0),
  };
}
