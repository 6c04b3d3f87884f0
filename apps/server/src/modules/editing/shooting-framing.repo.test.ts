import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/seed-accounts';
import { createTestAdapters } from '../../test/test-adapters';
import { makeShooting } from '../shootings/shootings.fixtures';
import { shootingCameraHeight } from './shooting-framing.repo';

describe('the camera height a shooting’s croppings share', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let shootings: string[];
  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    shootings = await Promise.all(
      [1, 2].map(async () => (await makeShooting(adapters, { ownerId: 'own-demo-paris' })).shootingId),
    );
  });
  afterAll(() => adapters.cleanup());

  const read = (shootingId: string, editId: string, reading: number) =>
    shootingCameraHeight(adapters.db, { shootingId, editId, reading, at: '2026-01-01T00:00:00.000Z' });

  it('is fixed by the first picture cropped: later pictures and retries get it, whatever they read', async () => {
    const [first, other] = shootings as [string, string];
    expect(await read(first, 'edit-1', 0.25)).toBe(0.25);
    expect(await read(first, 'edit-2', 0.9)).toBe(0.25);
    expect(await read(first, 'edit-1', 0.25)).toBe(0.25);
    // Two pictures composed at once: both get one value.
    const [a, b] = await Promise.all([read(other, 'edit-3', 0.1), read(other, 'edit-4', 0.7)]);
    expect(a).toBe(b);
  });

  it('goes with its shooting', async () => {
    const [first] = shootings as [string];
    await adapters.db.deleteFrom('shootings').where('id', '=', first).execute();
    const left = await adapters.db.selectFrom('shooting_framings').select('shooting_id').execute();
    expect(left.map((r) => r.shooting_id)).not.toContain(first);
  });
});
