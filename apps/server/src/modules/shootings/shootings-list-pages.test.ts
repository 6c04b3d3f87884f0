import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../seed/demo-accounts';
import { makeShooting } from './shootings.fixtures';
import { MANAGER, setup } from './shootings.test-helpers';

// Deep pages skip whole months by the counts triggers keep (migration 0008): these tests hold every page
// to the plain order of the rows, before and after writes, on either database.
describe('shootings list pages', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  let h: Record<string, string>;
  const OWNERS = ['own-demo-paris', 'own-demo-lyon', 'own-demo-lille'];
  const TYPES = ['STANDARD', 'VIDEO', 'INSPECTION', 'INSPECTION_REPAIR_ORDER'];

  beforeAll(async () => {
    t = await setup();
    h = await t.headers(MANAGER);
    const products = await Promise.all(
      OWNERS.map(
        async (ownerId) =>
          (await makeShooting(t.adapters, { ownerId, createdAt: '2023-12-31T23:59:59.999Z' })).productId,
      ),
    );
    // 330 shootings over 11 months, several per second so ties are broken by id, of every type.
    const rows = Array.from({ length: 330 }, (_, i) => ({
      id: t.adapters.ids.uuid(),
      product_id: products[i % 3]!,
      owner_id: OWNERS[i % 3]!,
      shooting_type: TYPES[i % 4]!,
      registration: `AB-${String(i).padStart(3, '0')}-CD`,
      remarketing_status: 'FINISHED',
      dms_status: 'NOT_SENT',
      created_at: new Date(Date.UTC(2024, i % 11, 1 + (i % 28), 12, 0, i % 2)).toISOString(),
    }));
    await t.adapters.db.insertInto('shootings').values(rows).execute();
  });
  afterAll(async () => t.close());

  const page = async (offset: number, types = TYPES, limit = 12) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shootings?shootingTypes=${types.join(',')}&limit=${limit}&offset=${offset}`,
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string }[]).map((i) => i.id);
  };
  /** The same page read the plain way: every row of the owners and types, sorted. */
  const expected = async (offset: number, types = TYPES, limit = 12) => {
    const rows = await t.adapters.db
      .selectFrom('shootings')
      .select('id')
      .where('owner_id', 'in', OWNERS)
      .where('shooting_type', 'in', types)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  };
  const expectPagesRight = async () => {
    for (const offset of [0, 12, 239, 240, 250, 299, 318, 331, 340])
      expect(await page(offset)).toEqual(await expected(offset));
    for (const offset of [240, 260])
      expect(await page(offset, ['STANDARD', 'VIDEO'])).toEqual(await expected(offset, ['STANDARD', 'VIDEO']));
    expect(await page(241, TYPES, 100)).toEqual(await expected(241, TYPES, 100));
  };

  it('gives every page, deep ones included, in the order of the rows', async () => {
    expect(await page(0)).toHaveLength(12);
    expect(await page(325)).toHaveLength(8); // 330 + the 3 shootings that made the products
    await expectPagesRight();
  });

  it('shows a created shooting and drops a deleted one on the very next call, deep pages shifting with them', async () => {
    const newest = await makeShooting(t.adapters, { ownerId: 'own-demo-lyon', createdAt: '2025-06-01T00:00:00.000Z' });
    const old = await makeShooting(t.adapters, { ownerId: 'own-demo-lille', createdAt: '2024-01-15T00:00:00.000Z' });
    expect((await page(0))[0]).toBe(newest.shootingId);
    await expectPagesRight();

    await t.adapters.db.deleteFrom('shootings').where('id', 'in', [newest.shootingId, old.shootingId]).execute();
    expect(await page(0)).not.toContain(newest.shootingId);
    await expectPagesRight();
  });

  it('follows a shooting moved to another month, type or owner', async () => {
    const [moved] = await expected(5);
    await t.adapters.db
      .updateTable('shootings')
      .set({ created_at: '2024-02-10T00:00:00.000Z', shooting_type: 'VIDEO' })
      .where('id', '=', moved!)
      .execute();
    await expectPagesRight();
    await t.adapters.db
      .updateTable('shootings')
      .set({ owner_id: 'own-other-bordeaux' })
      .where('id', '=', moved!)
      .execute();
    await expectPagesRight();
    expect(
      await page(0, TYPES, 100).then(async (first) => [
        ...first,
        ...(await page(100, TYPES, 100)),
        ...(await page(200, TYPES, 100)),
        ...(await page(300, TYPES, 100)),
      ]),
    ).not.toContain(moved);
  });

  it('drops the shootings of an owner taken away from the user on the next call', async () => {
    const manager = demoUser(MANAGER);
    const before = await page(0, TYPES, 100);
    expect(before.length).toBe(100);
    await t.adapters.db
      .deleteFrom('user_owners')
      .where('user_id', '=', manager.id)
      .where('owner_id', '=', 'own-demo-lille')
      .execute();
    OWNERS.pop();
    await expectPagesRight();
    const lille = await t.adapters.db
      .selectFrom('shootings')
      .select('id')
      .where('owner_id', '=', 'own-demo-lille')
      .execute();
    const after = [...(await page(0, TYPES, 100)), ...(await page(100, TYPES, 100)), ...(await page(200, TYPES, 100))];
    expect(after.filter((id) => lille.some((l) => l.id === id))).toEqual([]);
  });
});
