// Seeds the inspection the damage-spots end-to-end spec reads into the DATA_DIR of a running server: three
// pictures of 1200 × 900 (the second one also with its plate covered) and one damage not yet placed, and a
// merchandising shooting of the same registration whose pictures the damage could go on too.
// Prints its ids as JSON. Run: DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/damage-spots.ts
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { demoUser } from '../../seed/demo-accounts';
import { makeShooting } from '../../modules/shootings/shootings.fixtures';
import { insertItem, touchInspection } from '../../modules/inspections/inspections.repo';

const adapters = await createAdapters(loadConfig({ ...process.env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' }));
try {
  const now = adapters.clock.now().toISOString();
  const size = { width: 1200, height: 900 };
  const made = await makeShooting(adapters, {
    ownerId: 'own-demo-paris',
    registration: `E2E-DS-${randomBytes(3).toString('hex').toUpperCase()}`,
    type: 'INSPECTION',
    createdBy: demoUser('manager@demo.forecourt.test').id,
    images: [
      { position: 1, type: 'ORIGINAL', ...size },
      { position: 2, type: 'ORIGINAL', ...size },
      { position: 2, type: 'ORIGINAL_LPC', ...size },
      { position: 3, type: 'ORIGINAL', ...size },
    ],
  });
  await makeShooting(adapters, {
    ownerId: 'own-demo-paris',
    productId: made.productId,
    registration: made.registration,
    createdBy: demoUser('manager@demo.forecourt.test').id,
    images: [1, 2].map((position) => ({ position, type: 'STAMPED', ...size })),
  });
  await touchInspection(adapters.db, made.shootingId, now);
  await insertItem(adapters.db, 'inspection_damages', {
    id: adapters.ids.uuid(),
    shootingId: made.shootingId,
    position: 1,
    zone: 'FRONT_LEFT',
    kind: 'DENT',
    severity: 'MODERATE',
    imageId: made.images[0]!.id,
    note: '',
    estimatedCostCents: 25_000,
    createdAt: now,
    updatedAt: now,
  });
  const { shootingId, productId, ownerId, registration } = made;
  process.stdout.write(JSON.stringify({ shootingId, productId, ownerId, registration }));
} finally {
  await adapters.close();
}
