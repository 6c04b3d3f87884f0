// Run by the player e2e spec: `DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/players.ts` writes
// a finished STANDARD shooting of 12 frames for the demo manager into the running server's data and prints its ids.
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { demoUser } from '../../seed/demo-accounts';
import { makeShooting } from '../../modules/players/players.fixtures';

const adapters = await createAdapters(loadConfig());
try {
  const { shootingId, productId } = await makeShooting(adapters, {
    ownerId: 'own-demo-paris',
    createdBy: demoUser('manager@demo.forecourt.test').id,
    images: Array.from({ length: 12 }, (_v, i) => ({ position: i + 1, type: 'STAMPED', width: 1200, height: 900 })),
  });
  process.stdout.write(JSON.stringify({ ownerId: 'own-demo-paris', productId, shootingId }));
} finally {
  await adapters.close();
}
