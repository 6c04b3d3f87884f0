import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_CHECK,
  inspectionApi,
  makeInspectionShooting,
  MANAGER,
  OTHER,
  SALES,
  setupInspections,
  WORKSHOP,
  type InspectionShooting,
  type InspectionTest,
} from './inspections.test-helpers';

describe('inspection data API', () => {
  let t: InspectionTest;
  let inspection: InspectionShooting;
  let repairOrder: InspectionShooting;
  let foreign: InspectionShooting;

  beforeAll(async () => {
    t = await setupInspections();
    inspection = await makeInspectionShooting(t, { type: 'INSPECTION', registration: 'AB-100-CD' });
    repairOrder = await makeInspectionShooting(t, {
      type: 'INSPECTION_REPAIR_ORDER',
      registration: 'RO-200-EF',
      videos: [{ type: 'ORIGINAL', streamer: 'STAMPYT', blobKey: 'workshop/video.mp4' }],
    });
    foreign = await makeInspectionShooting(t, { type: 'INSPECTION', ownerId: 'own-other-bordeaux' });
  });
  afterAll(async () => t.close());

  const call = inspectionApi(() => t);

  it('creates damages with a photo of the shooting and reads them back with the condition', async () => {
    const created = await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'FRONT_LEFT',
      kind: 'SCRATCH',
      severity: 'MINOR',
      imageId: inspection.images[0]!.id,
      note: 'Rayure sur le pare-chocs',
      estimatedCostCents: 18_000,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      zone: 'FRONT_LEFT',
      estimatedCostCents: 18_000,
      photo: { imageId: inspection.images[0]!.id },
    });
    await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'REAR',
      kind: 'DENT',
      severity: 'SEVERE',
      estimatedCostCents: 45_050,
    });
    expect((await call('PUT', `${inspection.path}/inspection`, MANAGER, { overallCondition: 'GOOD' })).statusCode).toBe(
      200,
    );

    const view = await call('GET', `${inspection.path}/inspection`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      shootingType: 'INSPECTION',
      overallCondition: 'GOOD',
      currency: 'EUR',
      damagesTotalCents: 63_050,
    });
    expect(view.json().damages.map((d: { zone: string }) => d.zone)).toEqual(['FRONT_LEFT', 'REAR']);
    const photo = await t.app.inject({ method: 'GET', url: view.json().damages[0].photo.url });
    expect(photo.statusCode).toBe(200);
  });

  it('updates a damage and keeps what was not sent', async () => {
    const list = (await call('GET', `${inspection.path}/inspection`)).json().damages;
    const res = await call('PATCH', `${inspection.path}/damages/${list[1].id}`, MANAGER, {
      severity: 'MODERATE',
      estimatedCostCents: 30_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ zone: 'REAR', kind: 'DENT', severity: 'MODERATE', estimatedCostCents: 30_000 });
    expect(res.json().updated >= res.json().created).toBe(true);
  });

  it('records a repair order with rated health-check items, decisions, totals and the workshop video', async () => {
    const head = await call('PUT', `${repairOrder.path}/inspection`, WORKSHOP, {
      repairOrder: { number: 'OR-2024-0042', mileage: 84_210, customerName: 'Jan Kowalski' },
      workshopVideoId: repairOrder.videos[0]!.id,
    });
    expect(head.statusCode).toBe(200);
    const add = (body: object) => call('POST', `${repairOrder.path}/health-check-items`, WORKSHOP, body);
    const red = await add(HEALTH_CHECK.frontPads);
    expect(red.statusCode).toBe(201);
    expect(red.json()).toMatchObject({ decision: 'PENDING', totalCents: 14_000 });
    await add(HEALTH_CHECK.rearTyres);
    await add(HEALTH_CHECK.headlights);
    const decided = await call('PATCH', `${repairOrder.path}/health-check-items/${red.json().id}`, WORKSHOP, {
      decision: 'ACCEPTED',
    });
    expect(decided.json().decision).toBe('ACCEPTED');

    const view = (await call('GET', `${repairOrder.path}/inspection`, WORKSHOP)).json();
    expect(view.repairOrder).toEqual({ number: 'OR-2024-0042', mileage: 84_210, customerName: 'Jan Kowalski' });
    expect(view.workshopVideo).toMatchObject({ id: repairOrder.videos[0]!.id, streamer: 'STAMPYT' });
    expect(view.healthCheck.totals).toMatchObject({
      RED: { count: 1, totalCents: 14_000 },
      AMBER: { count: 1, totalCents: 23_000 },
      acceptedCents: 14_000,
      declinedCents: 23_000,
    });
  });

  it('keeps trade-in offers to users with trade-in access', async () => {
    const offer = await call('POST', `${inspection.path}/trade-in-offers`, MANAGER, {
      amountCents: 1_250_000,
      validUntil: '2030-06-30',
      conditions: 'Sous réserve du contrôle technique',
    });
    expect(offer.statusCode).toBe(201);
    const changed = await call('PATCH', `${inspection.path}/trade-in-offers/${offer.json().id}`, MANAGER, {
      amountCents: 1_200_000,
    });
    expect(changed.json()).toMatchObject({ amountCents: 1_200_000, validUntil: '2030-06-30' });
    expect((await call('GET', `${inspection.path}/inspection`)).json().tradeInOffers).toHaveLength(1);

    const workshop = await call('POST', `${repairOrder.path}/trade-in-offers`, WORKSHOP, {
      amountCents: 100,
      validUntil: '2030-01-01',
    });
    expect(workshop.statusCode).toBe(403);
    expect((await call('GET', `${repairOrder.path}/inspection`, WORKSHOP)).json().tradeInOffers).toEqual([]);
  });

  it('answers clear validation errors and stores nothing', async () => {
    const before = (await call('GET', `${inspection.path}/inspection`)).json().damages.length;
    const bad = await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'BONNET',
      kind: 'SCRATCH',
      severity: 'MINOR',
      estimatedCostCents: -5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    const paths = (bad.json().error.details as { instancePath: string }[]).map((d) => d.instancePath);
    expect(paths).toEqual(expect.arrayContaining(['/zone', '/estimatedCostCents']));

    const foreignPhoto = await call('POST', `${inspection.path}/damages`, MANAGER, {
      zone: 'ROOF',
      kind: 'DENT',
      severity: 'MINOR',
      estimatedCostCents: 1,
      imageId: repairOrder.images[0]!.id,
    });
    expect(foreignPhoto.statusCode).toBe(400);
    expect(foreignPhoto.json().error.message).toMatch(/not an image of this shooting/);

    const wrongType = await call('POST', `${inspection.path}/health-check-items`, MANAGER, {
      category: 'BRAKES',
      label: 'Pads',
      rating: 'RED',
      partsPriceCents: 1,
      labourPriceCents: 1,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/repair orders/);

    const badDate = await call('POST', `${inspection.path}/trade-in-offers`, MANAGER, {
      amountCents: 100,
      validUntil: '2030-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    const empty = await call(
      'PATCH',
      `${inspection.path}/damages/${(await call('GET', `${inspection.path}/inspection`)).json().damages[0].id}`,
      MANAGER,
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', `${inspection.path}/inspection`)).json().damages).toHaveLength(before);
  });

  it('answers 404 for another dealer’s shooting and for unknown items, 403 without inspection models', async () => {
    expect((await call('GET', `${foreign.path}/inspection`)).statusCode).toBe(404);
    expect(
      (
        await call('POST', `${foreign.path}/damages`, MANAGER, {
          zone: 'ROOF',
          kind: 'DENT',
          severity: 'MINOR',
          estimatedCostCents: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `${inspection.path}/inspection`, OTHER)).statusCode).toBe(404);
    expect((await call('PATCH', `${repairOrder.path}/damages/nope`, MANAGER, { note: 'x' })).statusCode).toBe(404);
    const mixed = `/api/owners/own-demo-lyon/products/${inspection.productId}/shootings/${inspection.shootingId}/inspection`;
    expect((await call('GET', mixed)).statusCode).toBe(404);
    const sales = await call('GET', `${inspection.path}/inspection`, SALES);
    expect(sales.statusCode).toBe(403);
    expect(sales.json().error.code).toBe('FORBIDDEN');
  });

  it('deletes a damage', async () => {
    const list = (await call('GET', `${inspection.path}/inspection`)).json().damages;
    expect((await call('DELETE', `${inspection.path}/damages/${list[0].id}`)).statusCode).toBe(204);
    expect((await call('GET', `${inspection.path}/inspection`)).json().damages).toHaveLength(list.length - 1);
  });
});
