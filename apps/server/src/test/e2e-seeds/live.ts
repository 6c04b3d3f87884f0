// Run by the live e2e spec: `DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/live.ts` writes a
// live room of the demo manager (Paris) into the running server's data and prints its visitor link (path and code).
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { insertDemoRoom } from '../../seed/demo-room';

const adapters = await createAdapters(loadConfig());
try {
  process.stdout.write(JSON.stringify({ link: await insertDemoRoom(adapters, 'Walkaround of three') }));
} finally {
  await adapters.close();
}
