import { ClientMessage, type ServerMessage } from '@forecourt/contracts';
import type { LiveTokenClaims } from './live-token';
import type { SignalBus } from './signal-bus';

/** Largest message a browser may send: an SDP offer with a few tracks is a few kilobytes. */
export const MAX_SIGNAL_BYTES = 64 * 1024;

export interface SignalSession {
  receive(raw: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One participant's signalling: joins the token's room on the bus, relays its offers, answers and ICE
 * candidates to members of that room only, shares its media state and, for the host, the spin. Joining a
 * room where someone already is makes a meeting: `onMeeting` records it for the statistics.
 */
export async function openSignalSession(
  bus: SignalBus,
  claims: LiveTokenClaims,
  send: (message: ServerMessage) => void,
  onMeeting: (room: string) => Promise<void> = async () => undefined,
): Promise<SignalSession> {
  const self = { id: claims.participant, identity: claims.identity, host: claims.host };
  const { room } = claims;
  const { members, spin } = await bus.join(room, self, send);
  if (members.length > 0) await onMeeting(room);
  send({ type: 'welcome', self, participants: members, spin });
  await bus.broadcast(room, { type: 'joined', participant: self }, self.id);
  let closed = false;

  return {
    async receive(raw) {
      let parsed: ReturnType<typeof ClientMessage.safeParse>;
      try {
        parsed = raw.length > MAX_SIGNAL_BYTES ? ClientMessage.safeParse(null) : ClientMessage.safeParse(JSON.parse(raw));
      } catch {
        parsed = ClientMessage.safeParse(null);
      }
      if (!parsed.success) return send({ type: 'error', code: 'INVALID_MESSAGE' });
      const message = parsed.data;
      switch (message.type) {
        case 'signal':
          if (message.to === self.id || !(await bus.sendTo(room, message.to, { type: 'signal', from: self.id, data: message.data }))) {
            send({ type: 'error', code: 'NOT_IN_ROOM' });
          }
          return;
        case 'media':
          await bus.setMedia(room, self.id, message.state);
          return bus.broadcast(room, { type: 'media', from: self.id, state: message.state }, self.id);
        case 'spin':
          if (!self.host) return send({ type: 'error', code: 'FORBIDDEN' });
          await bus.setSpin(room, message.spin);
          return bus.broadcast(room, { type: 'spin', spin: message.spin }, self.id);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await bus.leave(room, self.id);
      await bus.broadcast(room, { type: 'left', id: self.id });
    },
  };
}
