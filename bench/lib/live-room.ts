import { loadConfig } from '../../apps/server/src/config';
import { insertDemoRoom } from '../../apps/server/src/seed/demo-room';
import { createAdapters } from '../../apps/server/src/platform/adapters';
import { seedAccounts } from '../../apps/server/src/seed/seed-accounts';

/** The demo accounts and one live room of the Paris dealer in DATA_DIR `dataDir`; answers the visitor's link (path and code). */
export async function seedLiveRoom(dataDir: string, publicUrl: string): Promise<string> {
  const adapters = await createAdapters(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' }));
  try {
    await seedAccounts(adapters);
    return await insertDemoRoom(adapters, 'Benchmark call');
  } finally {
    await adapters.close();
  }
}
