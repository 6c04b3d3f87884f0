import { createHash, createHmac } from 'node:crypto';
import type { JanusGateway, VideoRoomHandle } from '../../../platform/janus/janus-gateway';

/** What a participant needs of a room's Janus counterpart to join it. */
export interface SfuRoom {
  janusRoom: number;
  pin: string;
}

/** Marks the Janus rooms this deployment made, so that a start sweeps only its own. */
const DESCRIPTION_PREFIX = 'forecourt:';
/** Publishers a room takes: every participant's camera and screen. */
const MAX_PUBLISHERS = 40;
/**
 * Talking events: Janus averages the audio level (0 loudest .. 127 silence) over this many packets of 20 ms
 * and calls a participant talking below this level. Half a second reacts like the peer-to-peer driver does.
 */
const TALKING_PACKETS = 25;
const TALKING_LEVEL = 45;

const janusRoomOf = (roomId: string) =>
  Number.parseInt(createHash('sha256').update(roomId).digest('hex').slice(0, 12), 16);

/** Janus's VideoRoom error codes the rooms expect: no such room, room exists already. */
export const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
const codeOf = (err: unknown) => (err as { _code?: number } | null)?._code;

/**
 * The Janus VideoRoom rooms of the live rooms: made with a secret and PIN of their own when the first
 * participant of this process joins (made again by whoever finds it gone), destroyed when the last leaves
 * and the shared membership (`occupied`: the signal bus, PostgreSQL with several API processes) lists
 * nobody in the room and Janus neither, and swept at start when a previous run left them behind. The
 * secret and PIN derive from a server secret and the room, so every process of a deployment computes the
 * same ones and no browser ever needs them; with the secret, any process can kick a participant whose
 * publications another process left behind (`evict`).
 */
export function createSfuRooms(
  gateway: JanusGateway,
  serverSecret: string,
  onError: (err: unknown) => void,
  hooks: {
    /** Whether the shared membership lists anyone in the room: its Janus room is kept while it does. */
    occupied?: (roomId: string) => Promise<boolean>;
    /** The folder of the room's recording in progress, if any: a Janus room made meanwhile records into it from the start. */
    recordingDir?: (roomId: string) => Promise<string | null>;
  } = {},
) {
  const occupied = hooks.occupied ?? (async () => false);
  const recordingDir = hooks.recordingDir ?? (async () => null);
  const held = new Map<number, number>();
  /** One change at a time per room: a join never races the destroy of the last leave. */
  const chains = new Map<number, Promise<unknown>>();
  const derive = (kind: string, janusRoom: number) =>
    createHmac('sha256', serverSecret).update(`${kind}:${janusRoom}`).digest('base64url').slice(0, 24);
  const secretOf = (janusRoom: number) => derive('secret', janusRoom);

  const withHandle = async <T>(use: (handle: VideoRoomHandle) => Promise<T>): Promise<T> => {
    const handle = await gateway.attach();
    try {
      return await use(handle);
    } finally {
      await handle.detach().catch(() => undefined);
    }
  };
  const serial = <T>(janusRoom: number, step: () => Promise<T>): Promise<T> => {
    const next = (chains.get(janusRoom) ?? Promise.resolve()).then(step, step);
    const settled = next.catch(() => undefined);
    chains.set(janusRoom, settled);
    void settled.then(() => {
      if (chains.get(janusRoom) === settled) chains.delete(janusRoom);
    });
    return next;
  };
  const destroy = (handle: VideoRoomHandle, janusRoom: number) =>
    handle.destroy({ room: janusRoom, secret: secretOf(janusRoom) }).catch((err: unknown) => {
      // Already gone.
      if (codeOf(err) !== NO_SUCH_ROOM) throw err;
    });
  const create = async (roomId: string, janusRoom: number): Promise<unknown> => {
    const recDir = await recordingDir(roomId);
    return withHandle((h) =>
      h
        .create({
          room: janusRoom,
          description: `${DESCRIPTION_PREFIX}${roomId}`,
          secret: secretOf(janusRoom),
          pin: derive('pin', janusRoom),
          admin_key: gateway.adminKey,
          permanent: false,
          max_publishers: MAX_PUBLISHERS,
          videocodec: 'vp8',
          audiocodec: 'opus',
          talking_events: true,
          talking_level_threshold: TALKING_LEVEL,
          talking_packets_threshold: TALKING_PACKETS,
          notify_joining: false,
          ...(recDir ? { record: true, rec_dir: recDir } : {}),
        })
        .catch((err: unknown) => {
          // It exists already (another API process made it).
          if (codeOf(err) !== ROOM_EXISTS) throw err;
        }),
    );
  };

  return {
    /** The room's Janus room, made if this process holds none of it yet. */
    enter(roomId: string): Promise<SfuRoom> {
      const janusRoom = janusRoomOf(roomId);
      return serial(janusRoom, async () => {
        const count = held.get(janusRoom) ?? 0;
        if (count === 0) await create(roomId, janusRoom);
        held.set(janusRoom, count + 1);
        return { janusRoom, pin: derive('pin', janusRoom) };
      });
    },
    /**
     * Makes the room again: a participant's join found it gone (another process destroyed it between this
     * one's enter and its join, or Janus restarted).
     */
    recreate(roomId: string): Promise<void> {
      const janusRoom = janusRoomOf(roomId);
      return serial(janusRoom, async () => void (await create(roomId, janusRoom)));
    },
    /**
     * One participant of this process left; the last one destroys the Janus room when the shared membership
     * lists nobody in the room (a participant of another process, or one joining) and Janus lists nobody.
     */
    exit(roomId: string): Promise<void> {
      const janusRoom = janusRoomOf(roomId);
      return serial(janusRoom, async () => {
        const count = (held.get(janusRoom) ?? 1) - 1;
        if (count > 0) return void held.set(janusRoom, count);
        held.delete(janusRoom);
        if (await occupied(roomId)) return;
        await withHandle(async (h) => {
          const { participants } = await h.listParticipants({ room: janusRoom, secret: secretOf(janusRoom) });
          if (participants.length === 0) await destroy(h, janusRoom);
        });
      });
    },
    /**
     * Janus records every publication of the room into `dir` from now on, those made later too (the room's
     * `rec_dir`, then `enable_recording`), or stops recording (null). False when Janus has no such room
     * (nobody in the call): the room is made recording at the next join, through `recordingDir`.
     */
    setRecording(roomId: string, dir: string | null): Promise<boolean> {
      const janusRoom = janusRoomOf(roomId);
      const secret = secretOf(janusRoom);
      return serial(janusRoom, () =>
        withHandle(async (h) => {
          try {
            if (dir) await h.message({ request: 'edit', room: janusRoom, secret, new_rec_dir: dir });
            await h.enable_recording({ room: janusRoom, secret, record: dir !== null });
            return true;
          } catch (err) {
            if (codeOf(err) === NO_SUCH_ROOM) return false;
            throw err;
          }
        }),
      );
    },
    /**
     * Kicks out of the room the publications of `participantId` (its camera and screen): those another
     * process left behind when the participant came back through this one, or those of a participant whose
     * process died and whose lease expired. Answers how many were kicked; a room that is gone has none. A
     * room left with nobody in it (no participant here, in the shared membership or in Janus) is destroyed:
     * no process of its participants is there to do it.
     */
    evict(roomId: string, participantId: string): Promise<number> {
      const janusRoom = janusRoomOf(roomId);
      const secret = secretOf(janusRoom);
      return serial(janusRoom, () =>
        withHandle(async (h) => {
          const listed = await h.listParticipants({ room: janusRoom, secret }).catch((err: unknown) => {
            if (codeOf(err) === NO_SUCH_ROOM) return null;
            throw err;
          });
          if (!listed) return 0;
          const theirs = listed.participants.filter(
            (p) => p.display === `${participantId}:camera` || p.display === `${participantId}:screen`,
          );
          for (const p of theirs) await h.kick({ room: janusRoom, feed: p.feed, secret });
          if (listed.participants.length === theirs.length && !held.has(janusRoom) && !(await occupied(roomId)))
            await destroy(h, janusRoom);
          return theirs.length;
        }),
      );
    },
    /** Destroys the empty rooms of this deployment left in Janus by an earlier run. */
    async sweep(): Promise<number> {
      return withHandle(async (h) => {
        const { list } = await h.list({ admin_key: gateway.adminKey });
        let swept = 0;
        for (const r of list) {
          if (!r.description?.startsWith(DESCRIPTION_PREFIX) || r.num_participants > 0 || held.has(r.room)) continue;
          // A room another process is filling (its participant joined the bus, not Janus yet) is kept.
          if (await occupied(r.description.slice(DESCRIPTION_PREFIX.length)).catch(() => true)) continue;
          await serial(r.room, () => destroy(h, r.room)).then(
            () => swept++,
            (err: unknown) => onError(err),
          );
        }
        return swept;
      });
    },
  };
}

export type SfuRooms = ReturnType<typeof createSfuRooms>;
