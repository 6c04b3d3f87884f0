import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting } from '../shootings/shootings.fixtures';
import {
  inspectionApi,
  makeInspectionShooting,
  MANAGER,
  OTHER,
  setupInspections,
  type InspectionShooting,
  type InspectionTest,
} from './inspections.test-helpers';

describe('damages in the spin and the player link settings', () => {
  let t: InspectionTest;
  let inspection: InspectionShooting;
  let spin: Awaited<ReturnType<typeof makeShooting>>;
  let otherVehicle: Awaited<ReturnType<typeof makeShooting>>;
  let foreign: InspectionShooting;
  let damageId: string;
  let foreignDamageId: string;

  const call = inspectionApi(() => t);
  const spot = (id = damageId) => `${inspection.path}/damages/${id}/spot`;
  const settings = (shootingId = spin.shootingId) => `/api/shootings/${shootingId}/marketplaces/FORECOURT/settings`;
  const options = async (ref: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` })).json();

  beforeAll(async () => {
    t = await setupInspections();
    inspection = await makeInspectionShooting(t, { type: 'INSPECTION', registration: 'SP-300-GH' });
    // The merchandising spin of the same vehicle; its second position has its plate covered.
    spin = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      registration: 'SP-300-GH',
      images: [
        { position: 1, type: 'ORIGINAL', width: 640, height: 480 },
        { position: 2, type: 'ORIGINAL', width: 640, height: 480 },
        { position: 2, type: 'ORIGINAL_LPC', width: 640, height: 480 },
      ],
    });
    otherVehicle = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      registration: 'ZZ-999-ZZ',
      images: [{ position: 1, type: 'ORIGINAL' }],
    });
    foreign = await makeInspectionShooting(t, {
      type: 'INSPECTION',
      ownerId: 'own-other-bordeaux',
      registration: 'SP-300-GH',
    });
    const damage = { zone: 'FRONT_LEFT', kind: 'DENT', severity: 'MODERATE', estimatedCostCents: 25_000 };
    damageId = (
      await call('POST', `${inspection.path}/damages`, MANAGER, { ...damage, imageId: inspection.images[0]!.id })
    ).json().id;
    foreignDamageId = (await call('POST', `${foreign.path}/damages`, OTHER, damage)).json().id;
  });
  afterAll(async () => t.close());

  it('places a damage on a picture of the same vehicle and reads it back with the inspection', async () => {
    const placed = await call('PUT', spot(), MANAGER, { imageId: spin.images[0]!.id, x: 0.25, y: 0.6 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().spot).toEqual({ imageId: spin.images[0]!.id, x: 0.25, y: 0.6 });
    const view = (await call('GET', `${inspection.path}/inspection`)).json();
    expect(view.damages[0]).toMatchObject({
      id: damageId,
      kind: 'DENT',
      spot: { imageId: spin.images[0]!.id, x: 0.25, y: 0.6 },
    });
  });

  it("lists the pictures a damage may go on: the inspection's own, then the vehicle's other shootings' final pictures", async () => {
    const res = await call('GET', `${inspection.path}/damage-pictures`);
    expect(res.statusCode).toBe(200);
    const pictures = res.json() as {
      id: string;
      shootingId: string;
      shootingType: string;
      order: number;
      url: string;
    }[];
    expect(pictures.map((p) => [p.shootingId, p.order, p.shootingType])).toEqual([
      [inspection.shootingId, 1, 'INSPECTION'],
      [inspection.shootingId, 2, 'INSPECTION'],
      [inspection.shootingId, 3, 'INSPECTION'],
      [spin.shootingId, 1, 'STANDARD'],
      [spin.shootingId, 2, 'STANDARD'],
    ]);
    // The plate-covered picture stands for its position, as in the order gallery and the player.
    expect(pictures[4]!.id).toBe(spin.images[2]!.id);
    expect((await t.app.inject({ method: 'GET', url: pictures[3]!.url })).statusCode).toBe(200);
    expect((await call('GET', `${inspection.path}/damage-pictures`, OTHER)).statusCode).toBe(404);
  });

  it('refuses spots outside the picture, pictures of another vehicle or owner, and bad fields', async () => {
    for (const body of [
      { imageId: spin.images[0]!.id, x: 1.5, y: 0.5 },
      { imageId: spin.images[0]!.id, x: -0.1, y: 0.5 },
      { imageId: spin.images[0]!.id, x: 0.5 },
      { x: 0.5, y: 0.5 },
      { imageId: spin.images[0]!.id, x: 0.5, y: 0.5, frame: 3 },
    ]) {
      const res = await call('PUT', spot(), MANAGER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const imageId of [otherVehicle.images[0]!.id, foreign.images[0]!.id, 'no-such-image']) {
      const res = await call('PUT', spot(), MANAGER, { imageId, x: 0.5, y: 0.5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ path: ['imageId'], message: 'is not a picture of this vehicle' }]);
    }
    // Nothing of the refused calls was kept.
    expect((await call('GET', `${inspection.path}/inspection`)).json().damages[0].spot.x).toBe(0.25);
  });

  it("answers 404 for another dealer's inspection or damage", async () => {
    expect((await call('PUT', spot(), OTHER, { imageId: spin.images[0]!.id, x: 0.5, y: 0.5 })).statusCode).toBe(404);
    expect((await call('DELETE', spot(), OTHER)).statusCode).toBe(404);
    expect(
      (await call('PUT', spot(foreignDamageId), MANAGER, { imageId: spin.images[0]!.id, x: 0.5, y: 0.5 })).statusCode,
    ).toBe(404);
    expect((await call('GET', settings(), OTHER)).statusCode).toBe(404);
    expect((await call('PUT', settings(), OTHER, { showDamages: true })).statusCode).toBe(404);
  });

  it('shows the damages and the edited labels in the player only when the link says so', async () => {
    const ref = (await call('GET', `/api/shootings/${spin.shootingId}/marketplaces/FORECOURT`)).json().ref as string;
    expect((await call('GET', settings())).json()).toEqual({ showDamages: false, showEditedLabels: false });
    expect(await options(ref)).toMatchObject({ damages: [], editedFrames: [] });

    expect((await call('PUT', settings(), MANAGER, {})).statusCode).toBe(400);
    expect((await call('PUT', settings(), MANAGER, { showDamages: 'yes' })).statusCode).toBe(400);
    const saved = await call('PUT', settings(), MANAGER, { showDamages: true });
    expect(saved.json()).toEqual({ showDamages: true, showEditedLabels: false });
    const shown = await options(ref);
    expect(shown.editedFrames).toEqual([]);
    expect(shown.damages).toEqual([
      {
        id: damageId,
        frame: 0,
        x: 0.25,
        y: 0.6,
        zone: 'FRONT_LEFT',
        kind: 'DENT',
        severity: 'MODERATE',
        photoUrl: expect.stringMatching(/\/damages\/.+\/photo\.jpg\?v=/),
      },
    ]);
    const photo = await t.app.inject({ method: 'GET', url: shown.damages[0].photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    expect((await call('PUT', settings(), MANAGER, { showEditedLabels: true })).json()).toEqual({
      showDamages: true,
      showEditedLabels: true,
    });
    expect((await options(ref)).editedFrames).toEqual([1]);

    // Off again: no hotspots, and the photo is no longer public.
    await call('PUT', settings(), MANAGER, { showDamages: false });
    expect((await options(ref)).damages).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: shown.damages[0].photoUrl })).statusCode).toBe(404);
  });

  it('publishes the new calls in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/owners/{ownerId}/products/{productId}/shootings/{shootingId}/damages/{damageId}/spot',
        '/api/owners/{ownerId}/products/{productId}/shootings/{shootingId}/damage-pictures',
        '/api/shootings/{id}/marketplaces/{marketplace}/settings',
      ]),
    );
  });

  it('takes a damage off its picture, and the player no longer shows it', async () => {
    const ref = (await call('GET', `/api/shootings/${spin.shootingId}/marketplaces/FORECOURT`)).json().ref as string;
    await call('PUT', settings(), MANAGER, { showDamages: true });
    expect((await options(ref)).damages).toHaveLength(1);
    const removed = await call('DELETE', spot());
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: damageId, spot: null, kind: 'DENT' });
    expect((await options(ref)).damages).toEqual([]);
  });
});
