import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';

const MANAGER_EMAIL = 'manager@demo.forecourt.test';

describe('products for the add-shooting form', () => {
  const t = useTestApp();
  let manager: Record<string, string>;

  const create = (payload: object, headers = manager) =>
    t.app.inject({ method: 'POST', url: '/api/products/virtuals', headers, payload });
  const available = (ownerId: string, headers = manager) =>
    t.app.inject({ method: 'GET', url: `/api/owners/${ownerId}/products?workflow=PHOTO&state=TODO`, headers });

  beforeAll(async () => {
    manager = await authHeaders(t.adapters, MANAGER_EMAIL);
  });

  it('creates a virtual product, offers it until its photo workflow is done, and answers a retry with the same id', async () => {
    const uuid = randomUUID();
    const payload = {
      vin: `Virtual_${uuid}`,
      ownerId: 'own-demo-lille',
      registration: ' ej-904-ta ',
      workflows: ['PHOTO', 'VIDEO'],
    };
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: uuid });
    expect((await create(payload)).json()).toEqual({ id: uuid });
    expect((await available('own-demo-lille')).json()).toEqual([
      {
        id: uuid,
        productId: uuid,
        ownerId: 'own-demo-lille',
        registration: 'EJ-904-TA',
        details: { registration: 'EJ-904-TA' },
      },
    ]);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/products/${uuid}/workflows/PHOTO/done`,
      headers: manager,
      payload: { ownerId: 'own-demo-lille' },
    });
    expect(done.statusCode).toBe(204);
    expect((await available('own-demo-lille')).json()).toEqual([]);
  });

  it('refuses a vin that is not virtual and an owner of another dealer', async () => {
    expect(
      (await create({ vin: 'VF1234', ownerId: 'own-demo-paris', registration: 'AA-111-AA', workflows: ['PHOTO'] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await create({
          vin: `Virtual_${randomUUID()}`,
          ownerId: 'own-other-bordeaux',
          registration: 'AA-111-AA',
          workflows: ['PHOTO'],
        })
      ).statusCode,
    ).toBe(404);
    expect((await available('own-other-bordeaux')).statusCode).toBe(404);
  });
});
