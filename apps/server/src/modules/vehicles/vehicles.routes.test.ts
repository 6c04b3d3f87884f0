import type { VehicleResponse } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { makeShooting } from '../shootings/shootings.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';
const REG = 'VH-120-AA';

describe('GET /api/vehicles/{registration}', () => {
  // The player link is made "now", between the photo shooting and the video.
  const clock = new TestClock('2026-11-03T09:00:00.000Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let manager: Record<string, string>;
  const ids: Record<string, string> = {};
  let ref = '';

  const vehicle = (registration: string, headers: Record<string, string> = manager) =>
    app.inject({ method: 'GET', url: `/api/vehicles/${encodeURIComponent(registration)}`, headers });
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    manager = await authHeaders(adapters, MANAGER);
    const { db } = adapters;

    // Paris: a photo shooting with pictures, a video on the same car, an inspection, a repair order.
    const photo = await makeShooting(adapters, {
      ownerId: 'own-demo-paris',
      registration: REG,
      vin: 'VF1RFB00512345678',
      brand: 'Peugeot',
      model: '308',
      createdAt: at(2),
      images: [1, 2].map((position) => ({ position, type: 'STAMPED' })),
    });
    ids.photo = photo.shootingId;
    // Later shootings of the same Paris vehicle.
    const again = async (type: string, createdAt: string) =>
      (
        await makeShooting(adapters, {
          ownerId: 'own-demo-paris',
          productId: photo.productId,
          registration: REG,
          type,
          createdAt,
        })
      ).shootingId;
    ids.video = await again('VIDEO', at(4));
    ids.inspection = await again('INSPECTION', at(6));
    // Lille, which the sales account does not reach.
    ids.repair = (
      await makeShooting(adapters, {
        ownerId: 'own-demo-lille',
        registration: REG,
        vin: 'VF1RFB00512345678',
        brand: 'Peugeot',
        model: '308',
        type: 'INSPECTION_REPAIR_ORDER',
        productType: 'REPAIR_ORDER',
        createdAt: at(8),
      })
    ).shootingId;
    // Another dealer group holds the same plate: never part of this vehicle.
    ids.foreign = (
      await makeShooting(adapters, { ownerId: 'own-other-bordeaux', registration: REG, createdAt: at(9) })
    ).shootingId;
    await makeShooting(adapters, { ownerId: 'own-other-bordeaux', registration: 'ZZ-999-ZZ', createdAt: at(9) });

    const now = at(6);
    await db
      .insertInto('inspections')
      .values({
        shooting_id: ids.inspection,
        currency: 'EUR',
        overall_condition: 'GOOD',
        repair_order_number: null,
        mileage: 42000,
        customer_name: null,
        workshop_video_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('inspection_damages')
      .values(
        (['MINOR', 'SEVERE'] as const).map((severity, i) => ({
          id: `dmg-${i}`,
          shooting_id: ids.inspection!,
          position: i + 1,
          zone: 'FRONT',
          kind: 'SCRATCH',
          severity,
          image_id: null,
          note: '',
          estimated_cost_cents: 1000,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('inspections')
      .values({
        shooting_id: ids.repair,
        currency: 'EUR',
        overall_condition: null,
        repair_order_number: 'RO-77',
        mileage: 43000,
        customer_name: 'M. Durand',
        workshop_video_id: null,
        created_at: at(8),
        updated_at: at(8),
      })
      .execute();
    await db
      .insertInto('health_check_items')
      .values(
        (
          [
            ['Front pads', 'BRAKES', 'RED', 'ACCEPTED'],
            ['Wipers', 'WIPERS', 'AMBER', 'DECLINED'],
          ] as const
        ).map(([label, category, rating, decision], i) => ({
          id: `hci-${i}`,
          shooting_id: ids.repair!,
          position: i + 1,
          category,
          label,
          rating,
          parts_price_cents: 5000,
          labour_price_cents: 2500,
          decision,
          note: '',
          image_id: null,
          created_at: at(8),
          updated_at: at(8),
        })),
      )
      .execute();

    // A player link of the photo shooting, made through the portal's call, seen twice and rated twice.
    ref = (
      await app.inject({ method: 'GET', url: `/api/shootings/${ids.photo}/marketplaces/FORECOURT`, headers: manager })
    ).json<{ ref: string }>().ref;
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      await app.inject({
        method: 'POST',
        url: '/api/videos/notification',
        payload: { ref, notification: 'watched' },
        remoteAddress: ip,
      });
    }
    for (const [score, ip] of [
      [4, '203.0.113.1'],
      [5, '203.0.113.2'],
    ] as const) {
      await app.inject({
        method: 'POST',
        url: '/API/V1/panorama-shootings/scorings',
        payload: { ref, score },
        remoteAddress: ip,
      });
    }

    // A live meeting about this car in Paris, held once; one in Bordeaux about the other group's car.
    for (const [id, owner] of [
      ['room-paris', 'own-demo-paris'],
      ['room-bordeaux', 'own-other-bordeaux'],
    ] as const) {
      await db
        .insertInto('live_rooms')
        .values({
          id,
          owner_id: owner,
          user_id: demoUser(MANAGER).id,
          session_name: `Visit ${owner}`,
          room_name: id,
          // As the live module stores it: UTC text.
          appointment_date: '2026-11-10 09:00:00',
          meeting_code: 'code',
          created_at: at(5),
          registration: REG,
          player_ref: null,
        })
        .execute();
    }
    await db
      .insertInto('statistics_events')
      .values({
        id: 'held-1',
        user_id: null,
        kind: 'LIVE_MEETING_HELD',
        subject: 'room-paris',
        payload: '{}',
        created_at: at(10),
      })
      .execute();
  });

  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  it('answers the vehicle and its timeline, newest first, with every kind of event', async () => {
    const res = await vehicle(REG.toLowerCase());
    expect(res.statusCode).toBe(200);
    const body = res.json<VehicleResponse>();
    expect(body.vehicle).toEqual({ registration: REG, vin: 'VF1RFB00512345678', brand: 'Peugeot', model: '308' });
    expect(
      body.events.map((e) => (e.kind === 'SHOOTING' ? e.shootingId : e.kind === 'PLAYER_LINK' ? e.ref : e.roomId)),
    ).toEqual(['room-paris', ids.repair, ids.inspection, ids.video, ref, ids.photo]);

    const [live, repair, inspection, video, player, photo] = body.events;
    expect(live).toMatchObject({
      kind: 'LIVE_MEETING',
      at: at(10),
      name: 'Visit own-demo-paris',
      meetingsHeld: 1,
      ratings: { count: 0, average: null },
    });
    expect(repair).toMatchObject({
      kind: 'SHOOTING',
      shootingType: 'INSPECTION_REPAIR_ORDER',
      ownerName: expect.any(String),
      inspection: {
        reports: ['VHC'],
        repairOrder: {
          number: 'RO-77',
          decisions: [
            { label: 'Front pads', category: 'BRAKES', rating: 'RED', decision: 'ACCEPTED', priceCents: 7500 },
            { label: 'Wipers', category: 'WIPERS', rating: 'AMBER', decision: 'DECLINED', priceCents: 7500 },
          ],
        },
      },
    });
    expect(inspection).toMatchObject({
      shootingType: 'INSPECTION',
      inspection: {
        condition: 'GOOD',
        mileage: 42000,
        damages: 2,
        severeDamages: 1,
        reports: ['DAMAGES'],
        repairOrder: null,
      },
    });
    expect(video).toMatchObject({ shootingType: 'VIDEO', thumbnailUrl: null, inspection: null });
    expect(player).toMatchObject({
      kind: 'PLAYER_LINK',
      shootingId: ids.photo,
      marketplace: 'FORECOURT',
      views: 2,
      ratings: { count: 2, average: 4.5 },
    });
    expect(photo).toMatchObject({
      kind: 'SHOOTING',
      shootingType: 'STANDARD',
      status: 'FINISHED',
      numberOfPictures: 2,
      inspection: null,
    });
    if (photo?.kind !== 'SHOOTING' || !photo.thumbnailUrl) throw new Error('the photo shooting has a thumbnail');
    const thumb = await app.inject({ method: 'GET', url: photo.thumbnailUrl.replace(/^https?:\/\/[^/]+/, '') });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('shows each caller only their own owners', async () => {
    const sales = (await vehicle(REG, await authHeaders(adapters, SALES))).json<VehicleResponse>();
    const shootingIds = sales.events.flatMap((e) => (e.kind === 'SHOOTING' ? [e.shootingId] : []));
    expect(shootingIds).toEqual([ids.inspection, ids.video, ids.photo]);

    const other = (await vehicle(REG, await authHeaders(adapters, OTHER))).json<VehicleResponse>();
    expect(other.vehicle.brand).toBe('Renault');
    expect(
      other.events.map((e) => (e.kind === 'SHOOTING' ? e.shootingId : e.kind === 'LIVE_MEETING' ? e.roomId : e.ref)),
    ).toEqual(['room-bordeaux', ids.foreign]);
  });

  it("answers 404 for another group's registration and reveals nothing of it", async () => {
    const res = await vehicle('ZZ-999-ZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(res.body).not.toContain('ZZ-999-ZZ');
    expect((await vehicle('NO-000-NE')).statusCode).toBe(404);
  });

  it('is published in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: object }>().paths)).toContain('/api/vehicles/{registration}');
  });

  it('refuses a malformed registration and an anonymous caller', async () => {
    const bad = await vehicle('AB_12;--');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect((await app.inject({ method: 'GET', url: `/api/vehicles/${REG}` })).statusCode).toBe(401);
  });
});
