import type { Participant, SfuClientData, SfuServerData } from '@forecourt/contracts';
import type { JanusGateway } from '../../platform/janus/janus-gateway';
import { SfuParticipant } from './sfu-participant';
import type { SfuRooms } from './sfu-rooms';

/**
 * The media side of a signalling session when the media go through an SFU: the session opens it once joined,
 * hands it the browser's `sfu` messages, detaches it while the socket is away (the media go on) and closes
 * it when the participant leaves for good.
 */
export interface MediaRelay {
  open(room: string, self: Participant, send: (data: SfuServerData) => void): Promise<void>;
  receive(room: string, id: string, data: SfuClientData): Promise<void>;
  detach(room: string, id: string): void;
  close(room: string, id: string): Promise<void>;
}

/** The Janus relay of this process: one SfuParticipant per participant, kept across its socket's drops. */
export function createSfuRelay(gateway: JanusGateway, rooms: SfuRooms, onError: (err: unknown) => void): MediaRelay {
  const participants = new Map<string, Promise<SfuParticipant>>();
  const key = (room: string, id: string) => `${room}\n${id}`;
  return {
    async open(room, self, send) {
      const k = key(room, self.id);
      let entry = participants.get(k);
      if (!entry) {
        entry = (async () => {
          const sfuRoom = await rooms.enter(room);
          const p = new SfuParticipant(gateway, sfuRoom, self, onError);
          try {
            await p.start();
          } catch (err) {
            await p.close();
            await rooms.exit(room).catch(onError);
            throw err;
          }
          return p;
        })();
        participants.set(k, entry);
        entry.catch(() => participants.delete(k));
      }
      (await entry).attach(send);
    },
    async receive(room, id, data) {
      const entry = participants.get(key(room, id));
      if (entry) await (await entry).receive(data);
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
      const p = await entry.catch(() => null);
      if (!p) return;
      await p.close();
      await rooms.exit(room);
    },
  };
}
