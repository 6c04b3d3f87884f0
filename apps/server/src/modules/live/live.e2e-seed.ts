// Run by the live e2e spec: `DATA_DIR=... node --import tsx live.e2e-seed.ts` writes a live room of the
// demo manager (Paris) into the running server's data and prints its visitor link (path and code).
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { demoUser } from '../../seed/demo-accounts';
import { insertRoom } from './live.repo';

const adapters = await createAdapters(loadConfig());
try {
  const id = adapters.ids.uuid();
  const code = adapters.ids.token();
  await insertRoom(adapters.db, {
    id,
    owner_id: 'own-demo-paris',
    user_id: demoUser('manager@demo.forecourt.test').id,
    session_name: 'Walkaround of three',
    room_name: `room-${adapters.ids.token()}`,
    appointment_date: adapters.clock.now().toISOString().slice(0, 19).replace('T', ' '),
    meeting_code: code,
    created_at: adapters.clock.now().toISOString(),
    registration: null,
    player_ref: null,
  });
  process.stdout.write(JSON.stringify({ link: `/videos/live/rooms/${id}?code=${code}` }));
} finally {
  await adapters.close();
}
