// Run by the vehicle e2e spec: `DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/vehicles.ts`
// writes, for the demo manager's Paris stock, a vehicle of a registration of its own with a photo shooting (and
// its player link, seen 3 times and rated 4 and 5), a video and an inspection, and prints what it wrote.
import { randomInt } from 'node:crypto';
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { demoUser } from '../../seed/demo-accounts';
import { makeVehicleHistory } from '../../modules/vehicles/vehicles.fixtures';

const adapters = await createAdapters(loadConfig());
try {
  const history = await makeVehicleHistory(adapters, {
    ownerId: 'own-demo-paris',
    // A plate of its own, so that reruns against the same data and other specs' shootings never mix in.
    registration: `E2E-VH-${randomInt(100_000, 999_999)}`,
    shootings: 3,
    views: 3,
    createdBy: demoUser('manager@demo.forecourt.test').id,
  });
  process.stdout.write(JSON.stringify(history));
} finally {
  await adapters.close();
}
