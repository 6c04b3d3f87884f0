import type { ServerMessage } from '@forecourt/contracts';
import type { App } from '../../../app-types';
import type { Adapters } from '../../../platform/adapters';
import type { Auth } from '../../identity/auth';
import type { SfuRooms } from '../sfu/sfu-rooms';
import { isRecording } from './live-recordings.service';

/**
 * The recordings' HTTP side. Only the SFU records (`recorder` null with peer-to-peer calls). Returns what a
 * socket is told on arrival: whether its room is being recorded (nothing to tell without the SFU).
 */
export async function setUpRecordings(
  app: App,
  deps: {
    adapters: Adapters;
    auth: Auth;
    recorder: SfuRooms | null;
    announce: (room: string, on: boolean) => Promise<void>;
  },
): Promise<((room: string) => Promise<ServerMessage[]>) | undefined> {
  const { adapters, auth, recorder, announce } = deps;
  const { liveRecordingsRoutes } = await import('./live-recordings.routes');
  await liveRecordingsRoutes(app, {
    auth,
    recordings: { ...adapters, recorder, announce },
  });
  if (!recorder) return undefined;
  return async (room) => [{ type: 'recording', on: await isRecording(adapters, room) }];
}
