import type { App } from '../../../app-types';
import type { Adapters } from '../../../platform/adapters';
import { createJanusGateway } from '../../../platform/janus/janus-gateway';
import { getOrCreateSecret } from '../../../platform/secrets';
import { createSfuRelay, type MediaRelay } from './sfu-relay';
import { createSfuRooms, type SfuRooms } from './sfu-rooms';

/**
 * LIVE_SFU=janus: the Janus gateway of this process, its rooms and the relay the signalling sessions use.
 * Janus may be down at start: the portal serves everything else, /healthz says `degraded`, and the rooms
 * left behind by an earlier run are swept once it answers.
 */
export async function setUpSfu(
  app: App,
  adapters: Pick<Adapters, 'config' | 'db'>,
  dependencies: Map<string, () => Promise<boolean>>,
  hooks: {
    /** Whether the shared membership (the signal bus) lists anyone in a room: its Janus room is kept while it does. */
    occupied: (room: string) => Promise<boolean>;
    /** The folder of a room's recording in progress: a Janus room made meanwhile records from the start. */
    recordingDir: (roomId: string) => Promise<string | null>;
  },
): Promise<{ relay: MediaRelay; rooms: SfuRooms }> {
  const { JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY } = adapters.config;
  const gateway = createJanusGateway({ url: JANUS_URL!, apiSecret: JANUS_API_SECRET, adminKey: JANUS_ADMIN_KEY });
  const onError = (err: unknown) => app.log.warn({ err }, 'live sfu');
  const rooms = createSfuRooms(gateway, await getOrCreateSecret(adapters.db, 'live-sfu'), onError, hooks);
  dependencies.set('janus', () => gateway.answers());
  app.addHook('onClose', () => gateway.close());
  let swept = false;
  const sweep = () => {
    if (swept) return;
    void rooms.sweep().then(
      (n) => {
        swept = true;
        if (n > 0) app.log.info({ rooms: n }, 'live sfu: rooms left behind destroyed');
      },
      () => undefined,
    );
  };
  app.addHook('onReady', async () => sweep());
  const relay = createSfuRelay(gateway, rooms, onError);
  // A Janus down at start is swept when the first participant reaches it.
  return {
    relay: {
      ...relay,
      open: (room, self, send, takeover, options) => relay.open(room, self, send, takeover, options).finally(sweep),
    },
    rooms,
  };
}
