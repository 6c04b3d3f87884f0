// Seeds the repair orders the inspections end-to-end spec reads into the DATA_DIR of a running server
// (SQLite in WAL mode takes a second writer): one with a health check, one with no report data at all.
// Prints their ids as JSON. Run: DATA_DIR=... node --import tsx apps/server/src/test/e2e-seeds/inspections.ts
import { loadConfig } from '../../config';
import { createAdapters } from '../../platform/adapters';
import { makeShooting } from '../../modules/shootings/shootings.fixtures';
import { insertItem, upsertInspection } from '../../modules/inspections/inspections.repo';

const adapters = await createAdapters(loadConfig({ ...process.env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' }));
try {
  const now = adapters.clock.now().toISOString();
  const images = [1, 2].map((position) => ({ position, type: 'ORIGINAL' }));
  const repair = await makeShooting(adapters, {
    ownerId: 'own-demo-paris',
    registration: 'E2E-IN-IRO1',
    type: 'INSPECTION_REPAIR_ORDER',
    productType: 'REPAIR_ORDER',
    images,
  });
  const bare = await makeShooting(adapters, {
    ownerId: 'own-demo-paris',
    registration: 'E2E-IN-NOPDF',
    type: 'INSPECTION_REPAIR_ORDER',
    productType: 'REPAIR_ORDER',
    images,
  });
  const head = {
    currency: 'EUR',
    repairOrderNumber: 'OR-E2E-0001',
    mileage: 42_000,
    customerName: 'Claire Dubois',
    updatedAt: now,
  };
  await upsertInspection(adapters.db, { shootingId: repair.shootingId, createdAt: now, ...head }, head);
  const items = [
    { category: 'BRAKES', label: 'Front pads', rating: 'RED', parts: 8_000, labour: 6_000, decision: 'ACCEPTED' },
    { category: 'TYRES', label: 'Rear tyres', rating: 'AMBER', parts: 20_000, labour: 3_000, decision: 'DECLINED' },
    { category: 'LIGHTS', label: 'Headlights', rating: 'GREEN', parts: 0, labour: 0, decision: 'PENDING' },
  ];
  for (const [i, item] of items.entries()) {
    await insertItem(adapters.db, 'health_check_items', {
      id: adapters.ids.uuid(),
      shootingId: repair.shootingId,
      position: i + 1,
      category: item.category,
      label: item.label,
      rating: item.rating,
      partsPriceCents: item.parts,
      labourPriceCents: item.labour,
      decision: item.decision,
      note: '',
      imageId: repair.images[0]!.id,
      createdAt: now,
      updatedAt: now,
    });
  }
  const pick = (s: Awaited<ReturnType<typeof makeShooting>>) => ({
    shootingId: s.shootingId,
    productId: s.productId,
    ownerId: s.ownerId,
    registration: s.registration,
  });
  process.stdout.write(JSON.stringify({ repair: pick(repair), bare: pick(bare) }));
} finally {
  await adapters.close();
}
