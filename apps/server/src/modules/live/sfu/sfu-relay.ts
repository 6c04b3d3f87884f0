import type { Participant, SfuClientData, SfuServerData } from '@forecourt/contracts';
import type { JanusGateway } from '../../../platform/janus/janus-gateway';
import { SfuParticipant } from './sfu-participant';
import { NO_SUCH_ROOM, type SfuRooms } from './sfu-rooms';

/**
 * The media side of a signalling session when the media go through an SFU: the session opens it once joined,
 * hands it the browser's `sfu` messages, detaches it while the socket is away (the media go on) and closes
 * it when the participant leaves for good, or when another API process took the participant over.
 */
export interface MediaRelay {
  /**
   * Opens the participant's media here, or gives its socket back the ones this process holds. `takeover`:
   * the participant was already in the room (the bus resumed it) though this process holds nothing of it:
   * what another process (alive or dead) left of its publications in the SFU is removed first.
   */
  open(
    room: string,
    self: Participant,
    send: (data: SfuServerData) => void,
    takeover?: boolean,
    options?: { waiting?: boolean },
  ): Promise<void>;
  /**
   * `waiting` in `open`: a member of the lobby, whose connections are made during its preview but which
   * receives no media and whose camera nobody subscribes to until this, its join (sfu-participant.ts).
   */
  admit(room: string, id: string): Promise<void>;
  /** Whether this process holds the participant's media (a rejoin through it keeps them: nothing to publish again). */
  holds(room: string, id: string): boolean;
  receive(room: string, id: string, data: SfuClientData): Promise<void>;
  detach(room: string, id: string): void;
  close(room: string, id: string): Promise<void>;
  /** Removes from the SFU what a participant this process does not hold still publishes (its process died, its lease expired). */
  evict(room: string, id: string): Promise<void>;
}

/** The Janus relay of this process: one SfuParticipant per participant, kept across its socket's drops. */
export function createSfuRelay(gateway: JanusGateway, rooms: SfuRooms, onError: (err: unknown) => void): MediaRelay {
  const participants = new Map<string, Promise<SfuParticipant>>();
  /** Where each participant's messages go (its current socket's send), for a reset's fresh handles. */
  const sends = new Map<string, (data: SfuServerData) => void>();
  const key = (room: string, id: string) => `${room}\n${id}`;
  const start = async (room: string, self: Participant, waiting: boolean): Promise<SfuParticipant> => {
    const sfuRoom = await rooms.enter(room);
    for (let attempt = 1; ; attempt++) {
      const p = new SfuParticipant(gateway, sfuRoom, self, onError, waiting);
      try {
        await p.start();
        return p;
      } catch (err) {
        await p.close();
        // Destroyed by another process's last leave between this enter and this join: made again, once.
        if (attempt === 1 && (err as { _code?: number } | null)?._code === NO_SUCH_ROOM) {
          await rooms.recreate(room).catch(onError);
          continue;
        }
        await rooms.exit(room).catch(onError);
        throw err;
      }
    }
  };
  return {
    async open(room, self, send, takeover = false, { waiting = false } = {}) {
      const k = key(room, self.id);
      let entry = participants.get(k);
      if (!entry) {
        entry = (async () => {
          // Its old publications first: the others then see its camera once, the one published through here.
          if (takeover) await rooms.evict(room, self.id).catch(onError);
          return start(room, self, waiting);
        })();
        participants.set(k, entry);
        entry.catch(() => participants.delete(k));
      }
      sends.set(k, send);
      (await entry).attach(send);
    },
    holds: (room, id) => participants.has(key(room, id)),
    async admit(room, id) {
      await (await participants.get(key(room, id)))?.admit();
    },
    async receive(room, id, data) {
      const k = key(room, id);
      const entry = participants.get(k);
      if (!entry) return;
      if (data.op !== 'reset') return (await entry).receive(data);
      // Its handles let go (the others see its camera gone), fresh ones made in the same place of the room.
      const fresh = (async () => {
        const old = await entry;
        await old.close();
        await rooms.exit(room);
        return start(room, old.self, old.isWaiting);
      })();
      participants.set(k, fresh);
      fresh.catch(() => {
        if (participants.get(k) === fresh) participants.delete(k);
      });
      const p = await fresh;
      const send = sends.get(k);
      if (send) p.attach(send);
    },
    detach(room, id) {
      void participants
        .get(key(room, id))
        ?.then((p) => p.detach())
        .catch(() => undefined);
    },
    async close(room, id) {
      const k = key(room, id);
      const entry = participants.get(k);
      if (!entry) return;
      participants.delete(k);
      sends.delete(k);
      const p = await entry.catch(() => null);
      if (!p) return;
      await p.close();
      await rooms.exit(room);
    },
    async evict(room, id) {
      if (participants.has(key(room, id))) return;
      await rooms.evict(room, id);
    },
  };
}
