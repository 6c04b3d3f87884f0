import type { ServerModule } from '../module';
import { liveJobs } from './recordings/live.jobs';
import type { MediaRelay } from './sfu/sfu-relay';

/**
 * Live rooms, in four parts (README.md): `rooms/` (scheduling, room info, tokens, ratings, sharing
 * statistics), `signalling/` (the socket and the membership shared between processes), `sfu/` (Janus, with
 * LIVE_SFU=janus) and `recordings/` (the recordings of SFU calls; their compose job runs in the worker role).
 */
export const liveModule: ServerModule = {
  name: 'live',
  jobs: (adapters) => Object.values(liveJobs(adapters)),
  routes: async (app, { adapters, auth, dependencies }) => {
    const [rooms, signalling, recordings, { activeRecordingDir }, roomEnd] = await Promise.all([
      import('./rooms/rooms.setup'),
      import('./signalling/signalling.setup'),
      import('./recordings/recordings.setup'),
      import('./recordings/live-recordings.service'),
      import('./rooms/room-end.service'),
    ]);
    // Made after the bus (its rooms ask the bus who is in them), told by it of members whose lease ran out:
    // a dead process's participant leaves Janus, so nobody is shown a frozen camera.
    const media: { relay?: MediaRelay } = {};
    // A room that stays empty ends (`live.room.ended`), whether its last member left or its process died.
    const whenEmpty: { check?: (room: string) => void } = {};
    const bus = await signalling.createSignalBus(app, adapters, (room, id) => {
      void media.relay?.evict(room, id).catch((err: unknown) => app.log.warn({ err }, 'live sfu'));
      whenEmpty.check?.(room);
    });
    // An ended room's members are told (`ended`) and their sockets closed with LIVE_CLOSE.ROOM_ENDED, on every process.
    const onEnded = (room: string) => bus.broadcast(room, { type: 'ended' });
    whenEmpty.check = roomEnd.endWhenEmpty(
      { ...adapters, onEnded },
      (room) => bus.occupied(room),
      (err) => app.log.warn({ err }, 'live room end'),
    );
    // The token endpoint refuses one more than a room takes (its socket would be refused too).
    const tokens = await rooms.setUpRooms(app, {
      adapters,
      auth,
      headcount: (room, except) => bus.headcount(room, except),
      onEnded,
    });
    // LIVE_SFU=janus: the media go through Janus, which the server drives for the browsers.
    const sfu =
      adapters.config.LIVE_SFU === 'janus'
        ? await (
            await import('./sfu/sfu-setup')
          ).setUpSfu(app, adapters, dependencies, {
            occupied: (room) => bus.occupied(room),
            recordingDir: (room) => activeRecordingDir(adapters, room),
          })
        : undefined;
    media.relay = sfu?.relay;
    const greet = await recordings.setUpRecordings(app, {
      adapters,
      auth,
      recorder: sfu?.rooms ?? null,
      announce: (room, on) => bus.broadcast(room, { type: 'recording', on }),
    });
    await signalling.setUpSignalling(app, {
      adapters,
      tokens,
      bus,
      media: media.relay,
      greet,
      onLeft: whenEmpty.check,
      ended: (room) => roomEnd.roomHasEnded(adapters, room),
    });
  },
};
