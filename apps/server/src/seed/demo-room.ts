import type { Adapters } from '../platform/adapters';
import { demoUser } from './demo-accounts';
import { insertRoom } from '../modules/live/rooms/live.repo';

/**
 * A live room of the demo manager (Paris) starting now, for the e2e spec and the live bench that call it
 * from outside the server (no dealer to schedule it through the screen). Answers its visitor link (path and code).
 */
export async function insertDemoRoom(
  adapters: Pick<Adapters, 'db' | 'ids' | 'clock'>,
  sessionName: string,
): Promise<string> {
  const id = adapters.ids.uuid();
  const code = adapters.ids.token();
  const now = adapters.clock.now().toISOString();
  await insertRoom(adapters.db, {
    id,
    ownerId: 'own-demo-paris',
    userId: demoUser('manager@demo.forecourt.test').id,
    sessionName,
    roomName: `room-${adapters.ids.token()}`,
    appointmentDate: now.slice(0, 19).replace('T', ' '),
    meetingCode: code,
    createdAt: now,
    registration: null,
    playerRef: null,
  });
  return `/videos/live/rooms/${id}?code=${code}`;
}
