import { loadConfig } from '../../apps/server/src/config';
import { insertRoom } from '../../apps/server/src/modules/live/live.repo';
import { createAdapters } from '../../apps/server/src/platform/adapters';
import { demoUser } from '../../apps/server/src/seed/demo-accounts';
import { seedAccounts } from '../../apps/server/src/seed/seed-accounts';

/** The demo accounts and one live room of the Paris dealer in DATA_DIR `dataDir`; answers the visitor's link (path and code). */
export async function seedLiveRoom(dataDir: string, publicUrl: string): Promise<string> {
  const adapters = await createAdapters(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' }));
  try {
    await seedAccounts(adapters);
    const id = adapters.ids.uuid();
    const code = adapters.ids.token();
    await insertRoom(adapters.db, {
      id,
      owner_id: 'own-demo-paris',
      user_id: demoUser('manager@demo.forecourt.test').id,
      session_name: 'Benchmark call',
      room_name: `room-${adapters.ids.token()}`,
      appointment_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
      meeting_code: code,
      created_at: new Date().toISOString(),
      registration: null,
      player_ref: null,
    });
    return `/videos/live/rooms/${id}?code=${code}`;
  } finally {
    await adapters.close();
  }
}
