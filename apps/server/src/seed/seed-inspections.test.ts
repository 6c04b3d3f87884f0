import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting } from '../modules/shootings/shootings.fixtures';
import { createTestAdapters } from '../test/test-adapters';
import { seedAccounts } from './seed-accounts';
import { createSeedContext } from './seed-context';
import { seedInspections } from './seed-inspections';

type TestAdapters = Awaited<ReturnType<typeof createTestAdapters>>;

const counts = async (a: TestAdapters) => {
  const out: Record<string, number> = {};
  for (const t of ['inspections', 'inspection_damages', 'health_check_items', 'trade_in_offers', 'videos'] as const) {
    out[t] = Number((await a.db.selectFrom(t).select(a.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  }
  return out;
};

describe('seedInspections', () => {
  let a: TestAdapters;
  let inspection: Awaited<ReturnType<typeof makeShooting>>;
  let repairOrder: Awaited<ReturnType<typeof makeShooting>>;

  beforeAll(async () => {
    a = await createTestAdapters();
    await seedAccounts(a);
    const images = [1, 2, 3, 4].map((position) => ({ position, type: 'ORIGINAL' }));
    await makeShooting(a, {
      ownerId: 'own-demo-paris',
      type: 'VIDEO',
      videos: [{ type: 'ORIGINAL', streamer: 'STAMPYT', blobKey: 'demo/clip.mp4' }],
    });
    inspection = await makeShooting(a, { ownerId: 'own-demo-paris', type: 'INSPECTION', images });
    repairOrder = await makeShooting(a, {
      ownerId: 'own-demo-lyon',
      type: 'INSPECTION_REPAIR_ORDER',
      images,
      createdAt: '2025-01-10T09:00:00.000Z',
    });
  });
  afterAll(async () => a.cleanup());

  it('gives inspections damages with photos and repair orders a health check, a workshop video and an order number', async () => {
    await seedInspections(createSeedContext(a));
    const damages = await a.db
      .selectFrom('inspection_damages')
      .selectAll()
      .where('shooting_id', '=', inspection.shootingId)
      .execute();
    expect(damages.length).toBeGreaterThan(0);
    expect(damages.every((d) => inspection.images.some((i) => i.id === d.image_id))).toBe(true);
    const head = await a.db
      .selectFrom('inspections')
      .selectAll()
      .where('shooting_id', '=', repairOrder.shootingId)
      .executeTakeFirstOrThrow();
    expect(head.repair_order_number).toMatch(/^OR-2025-\d{4}$/);
    expect(head.workshop_video_id).not.toBeNull();
    const video = await a.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', head.workshop_video_id!)
      .executeTakeFirstOrThrow();
    expect(await a.blobs.getBuffer(video.blob_key!)).toEqual(Buffer.from('fake-mp4'));
    const items = await a.db
      .selectFrom('health_check_items')
      .selectAll()
      .where('shooting_id', '=', repairOrder.shootingId)
      .execute();
    expect(items.length).toBeGreaterThan(0);
    expect(
      items.filter((i) => i.rating === 'GREEN').every((i) => i.parts_price_cents + i.labour_price_cents === 0),
    ).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const before = await counts(a);
    await seedInspections(createSeedContext(a));
    expect(await counts(a)).toEqual(before);
  });
});
